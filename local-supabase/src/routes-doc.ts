// The README's "What it serves": the route table (src/routes.ts) as Markdown, each route with the file and name
// of its handler, read from the table's own imports. `npm run routes -w local-supabase` writes it into the
// README (src/routes-readme.ts); test/routes.test.ts fails when the README says anything else.
import fs from 'node:fs';
import path from 'node:path';
import { ROUTES, type Api } from './routes';

const SRC = __dirname;
// Markers of the section; prettier leaves it as written (it would align the tables' columns).
export const START =
  '<!-- routes: written by `npm run routes` from src/routes.ts -->\n<!-- prettier-ignore-start -->';
export const END = '<!-- prettier-ignore-end -->\n<!-- routes: end -->';

const HEADINGS: Record<Api, string> = {
  auth: 'Auth (GoTrue), under `/auth/v1`',
  rest: 'Data (PostgREST), under `/rest/v1`',
  functions: 'Edge Functions, under `/functions/v1`',
  inbox: 'The local inbox, on `[local_smtp] port`',
};

/** Each imported handler's file, from the import lines of src/routes.ts. */
function handlerFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const source = fs.readFileSync(path.join(SRC, 'routes.ts'), 'utf8');
  for (const [, names, from] of source.matchAll(/import \{([^}]*)\} from '\.\/([^']+)'/g)) {
    for (const name of names!.split(',')) files.set(name.trim(), `src/${from}.ts`);
  }
  return files;
}

/** The Markdown of the route table, one table for each API. */
export function routeTables(): string {
  const files = handlerFiles();
  return (Object.keys(HEADINGS) as Api[])
    .map((api) => {
      const rows = ROUTES.filter((route) => route.api === api).map((route) => {
        const handler = `\`${route.handler.name}\` in \`${files.get(route.handler.name)}\``;
        const limits = route.limits.map((limit) => limit.name).join(', ');
        return `| \`${route.method}\` | \`${route.path}\` | ${handler} | ${limits} | ${route.does} |`;
      });
      return [
        `**${HEADINGS[api]}**`,
        '',
        '| method | path | handler | before it | does |',
        '| --- | --- | --- | --- | --- |',
        ...rows,
      ].join('\n');
    })
    .join('\n\n');
}
