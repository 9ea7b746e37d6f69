// The one Supabase client. supabase-js is loaded on first use, so a visitor who is not signed in and never
// touches the backend does not download it; every slice gets the same instance because shared-lib is a singleton.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config';
import { fetchNotingRetryAfter } from '../errors/describe-error';
import type { Database } from './database.types';

export type StorefrontClient = SupabaseClient<Database>;

/**
 * Data requests fail fast instead of retrying behind a loading text: supabase-js retries a failed read three
 * times (1 s, 2 s, 4 s), so an unreachable backend showed 'Loading orders...' for 8 s before anything was said.
 * Every screen that loads offers Retry instead, and a request that hangs gives up after REQUEST_TIMEOUT_MS.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
export const dataApiOptions = { retry: false, timeout: REQUEST_TIMEOUT_MS } as const;

let client: Promise<StorefrontClient> | null = null;
const onCreate = new Set<(client: StorefrontClient) => void>();

/** Where supabase-js keeps the session: its default key, `sb-<first label of the API host>-auth-token`. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export function getSupabase(): Promise<StorefrontClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    const instance = createClient<Database>(supabaseUrl, supabaseAnonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        storageKey: authStorageKey(supabaseUrl),
      },
      db: dataApiOptions,
      // Notes a rate limit's Retry-After, which supabase-js does not pass on, for the words describing it.
      global: { fetch: fetchNotingRetryAfter() },
    });
    for (const listener of onCreate) listener(instance);
    return instance;
  });
  return client;
}

/** Runs `listener` with the client whenever one is created (at once if it exists); returns an unsubscribe. */
export function whenSupabaseCreated(listener: (client: StorefrontClient) => void): () => void {
  onCreate.add(listener);
  if (client) void client.then(listener);
  return () => onCreate.delete(listener);
}

/** Tests and standalone hosts may hand in their own client. */
export function provideSupabase(instance: StorefrontClient | null): void {
  client = instance ? Promise.resolve(instance) : null;
  if (instance) for (const listener of onCreate) listener(instance);
}
