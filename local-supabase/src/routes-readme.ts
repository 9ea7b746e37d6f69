// `npm run routes -w local-supabase`: writes the route table of src/routes.ts into the README's "What it serves",
// between its markers.
import fs from 'node:fs';
import path from 'node:path';
import { END, routeTables, START } from './routes-doc';

const README = path.join(__dirname, '..', 'README.md');

/** The README with its route tables written anew. */
function writeReadme(): void {
  const readme = fs.readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${README} has no ${START} … ${END} section`);
  fs.writeFileSync(
    README,
    `${readme.slice(0, start + START.length)}\n\n${routeTables()}\n\n${readme.slice(end)}`,
  );
}

writeReadme();
