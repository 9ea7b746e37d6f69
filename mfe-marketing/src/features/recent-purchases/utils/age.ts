/** How long ago, in words: 'just now', '1 minute ago', '5 hours ago', '3 days ago'. */
export function formatAge(minutes: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return count(Math.floor(minutes), 'minute');
  if (minutes < 24 * 60) return count(Math.floor(minutes / 60), 'hour');
  return count(Math.floor(minutes / (24 * 60)), 'day');
}
