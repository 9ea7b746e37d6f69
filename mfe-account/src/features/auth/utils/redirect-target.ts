import { paths, protectedPaths, staffPaths } from 'shared-lib';

/**
 * Where to go after signing in: back to the protected or staff page whose guard sent the user here (it puts
 * `state.from` on the redirect), otherwise home. Only known guarded paths are honoured, so a crafted
 * `state.from` cannot send the user anywhere else.
 */
export function redirectTarget(locationState: unknown): string {
  const from =
    typeof locationState === 'object' && locationState !== null && 'from' in locationState
      ? (locationState as { from: unknown }).from
      : undefined;
  if (typeof from !== 'string') return paths.home;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  return [...protectedPaths, ...staffPaths].includes(pathname) ? from : paths.home;
}
