export { startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions } from './server';
export { apiKeys, signJwt, DEFAULT_JWT_SECRET } from './keys';
export { StartupError } from './startup';
