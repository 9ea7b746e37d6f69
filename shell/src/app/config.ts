import { parseRuntimeConfig, type RuntimeConfig } from 'shared-lib';

/** Reads config.json from beside index.html; it is served no-cache, so a changed remote location applies at once. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
