// The fuzzy matching behind PostgREST's "Perhaps you meant …" hints. PostgREST uses Haskell's fuzzyset 0.2 with
// its defaults; this is the same rule: the text lower-cased and reduced to letters, digits, spaces and commas,
// padded with '-', is cut into 3-grams (2-grams when no candidate shares a 3-gram); the 50 candidates of best
// cosine similarity between gram counts are then scored by normalized Levenshtein similarity of the lower-cased
// names, and the best one scoring at least `minScore` wins. A candidate equal but for case scores 1.
import { distance } from 'fastest-levenshtein';

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '');

function gramCounts(text: string, size: number): Map<string, number> {
  const chars = Array.from(`-${normalized(text)}-`);
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

const magnitude = (counts: Map<string, number>) =>
  Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));

/** 1 − (edit distance ÷ the longer length); 1 for two empty texts. */
function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - distance(a, b) / longer;
}

/** The candidate closest to `query`, as fuzzyset's getOneWithMinScore picks it, or undefined. */
export function closest(candidates: Iterable<string>, query: string, minScore = 0.33): string | undefined {
  // One entry per lower-cased name, as the set keeps them (the first one given wins).
  const entries = new Map<string, string>();
  for (const c of candidates) if (!entries.has(c.toLowerCase())) entries.set(c.toLowerCase(), c);
  const key = query.toLowerCase();
  if (entries.has(key)) return entries.get(key);
  for (const size of [3, 2]) {
    const wanted = gramCounts(key, size);
    const wantedMagnitude = magnitude(wanted);
    const cosines: [number, string][] = [];
    for (const entry of entries.keys()) {
      const grams = gramCounts(entry, size);
      let dot = 0;
      for (const [gram, n] of wanted) dot += n * (grams.get(gram) ?? 0);
      if (dot > 0) cosines.push([dot / (wantedMagnitude * magnitude(grams)), entry]);
    }
    const best = cosines
      .sort((a, b) => b[0] - a[0])
      .slice(0, 50)
      .map(([, entry]) => [similarity(key, entry), entry] as const)
      .sort((a, b) => b[0] - a[0])
      .find(([score]) => score >= minScore);
    if (best) return entries.get(best[1]);
  }
  return undefined;
}
