// The one Supabase client. supabase-js is loaded on first use, not on the first paint of pages that never
// touch the backend; every slice gets the same instance because shared-lib is a singleton.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config';
import type { Database } from './database.types';

export type StorefrontClient = SupabaseClient<Database>;

let client: Promise<StorefrontClient> | null = null;

export function getSupabase(): Promise<StorefrontClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    return createClient<Database>(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    });
  });
  return client;
}

/** Tests and standalone hosts may hand in their own client. */
export function provideSupabase(instance: StorefrontClient | null): void {
  client = instance ? Promise.resolve(instance) : null;
}
