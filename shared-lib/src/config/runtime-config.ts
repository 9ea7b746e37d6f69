// Runtime configuration: the shell fetches `config.json` at boot, so one build runs against any backend and a
// team can move its remote without a shell rebuild (DESIGN.md section 2).
import { z } from 'zod';

export const runtimeConfigSchema = z.object({
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().min(1),
  remotes: z.object({
    marketing: z.url(),
    catalog: z.url(),
    account: z.url(),
  }),
  /** The invented purchase notifications can be switched off per deployment. */
  purchaseToast: z.boolean().default(true),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config is not loaded yet: the shell sets it at boot from config.json.');
  return current;
}

export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  return runtimeConfigSchema.parse(json);
}
