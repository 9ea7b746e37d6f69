// Runtime configuration: the shell fetches `config.json` at boot, so one build runs against any backend and a
// team can move its remote without a shell rebuild (docs/architecture.md, section 2). Checked by hand rather than
// with zod, which the first paint of most pages does not otherwise need.
import { remoteDescriptors, type RemoteKey } from '../contracts';

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  remotes: Record<RemoteKey, string>;
  /**
   * The site's public origin (SITE_URL), for canonical, Open Graph and JSON-LD URLs. An older config.json without
   * it falls back to the page's own origin (siteUrl()).
   */
  siteUrl?: string;
  /**
   * The public site key of the CAPTCHA (Cloudflare Turnstile) that the project's auth requires on sign-in, sign-up
   * and recovery (README, "Deploying"); absent, those forms show no challenge and send no token.
   */
  captchaSiteKey?: string;
}

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current)
    throw new Error('Runtime config is not loaded yet: the shell sets it at boot from config.json.');
  return current;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function url(value: unknown, field: string): string {
  if (typeof value === 'string' && URL.canParse(value) && /^https?:/.test(value)) return value;
  throw new RuntimeConfigError(`config.json: ${field} must be an http(s) URL`);
}

function captchaSiteKeyOf(value: unknown): { captchaSiteKey?: string } {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') return { captchaSiteKey: value };
  throw new RuntimeConfigError('config.json: captchaSiteKey must be a string');
}

/**
 * The config the shell runs with. Other keys are ignored: `purchaseToast`, which switched off the invented purchase
 * notifications that the honest ones replaced (#31.7), may still be in a deployed config.json.
 */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const raw = (json ?? {}) as Record<string, unknown>;
  const remotes = (raw.remotes ?? {}) as Record<string, unknown>;
  if (typeof raw.supabaseAnonKey !== 'string' || raw.supabaseAnonKey === '') {
    throw new RuntimeConfigError('config.json: supabaseAnonKey is required');
  }
  return {
    supabaseUrl: url(raw.supabaseUrl, 'supabaseUrl'),
    supabaseAnonKey: raw.supabaseAnonKey,
    remotes: Object.fromEntries(
      Object.keys(remoteDescriptors).map((key) => [key, url(remotes[key], `remotes.${key}`)]),
    ) as Record<RemoteKey, string>,
    ...(raw.siteUrl === undefined ? {} : { siteUrl: new URL(url(raw.siteUrl, 'siteUrl')).origin }),
    ...captchaSiteKeyOf(raw.captchaSiteKey),
  };
}

/** The CAPTCHA's site key when config.json names one (the auth forms then send its token). */
export const captchaSiteKey = (): string | undefined => current?.captchaSiteKey;

/** The site's public origin: config.json's siteUrl, else (config not loaded, or an older one) the page's. */
export const siteUrl = (): string => current?.siteUrl ?? window.location.origin;

/**
 * Fetches and checks `config.json` from beside the page. The page's HTML preloads it (tools/webpack/index.html),
 * so it is on its way while the scripts download; this request must match that preload (default cache mode,
 * same-origin credentials), and the server's `Cache-Control: no-cache` makes a changed remote location apply at once.
 */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { credentials: 'same-origin' });
  if (!response.ok) throw new RuntimeConfigError(`config.json: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
