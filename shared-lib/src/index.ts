// shared-lib's public surface. Slices import only from here.
export * from './logic';
export * from './routes/paths';
export * from './contracts';
export * from './stores/cart';
export * from './stores/session';
export * from './stores/toast';
export * from './errors/describe-error';
export * from './stores/announcer';
export * from './config/runtime-config';
export * from './seo/structured-data';
export * from './supabase/client';
export type * from './supabase/database.types';
export * from './ui';
export * from './forms/use-form-submit';
export * from './forms/use-form-feedback';
export * from './session/session-sync';
export { mountStandalone, type StandaloneOptions } from './standalone/mount-standalone';
