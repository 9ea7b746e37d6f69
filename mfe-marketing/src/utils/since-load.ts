// The popup's and the toast's delays count from the page's load (spec section 1), but the shell mounts these
// widgets later, once the page has rendered and the browser is idle; waiting the full delay from mount would
// show them seconds late on a slow phone.

/** Milliseconds from now until `ms` after the page's load event (the full `ms` if the load time is unknown). */
export function msUntilAfterLoad(ms: number): number {
  const [navigation] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  const now = performance.now();
  const loadedAt = navigation?.loadEventEnd || now;
  return Math.max(0, loadedAt + ms - now);
}
