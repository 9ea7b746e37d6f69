// `npm run db:reset`: empties local-supabase's PGlite data folder (DATA_DIR, by default .data/local-supabase),
// so that the next start creates a new database from supabase/migrations and supabase/seed.sql. Local data only:
// it never touches a DATABASE_URL database, refuses a folder that is not local-supabase's, and refuses while a
// service holds the folder. It prints what it removed.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from './data-folder/inspect';
import { resetDataFolder } from './data-folder/open';
import { StartupError } from './startup';

async function main() {
  const dir = path.resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR);
  if (process.env.DATABASE_URL) {
    throw new StartupError(
      `DATABASE_URL is set, and db:reset empties only local-supabase's PGlite data folder: reset that database with its own tools, or unset DATABASE_URL to empty ${dir}`,
    );
  }
  const existed = fs.existsSync(dir);
  const { removed, bytes } = await resetDataFolder(dir);
  if (removed.length === 0) {
    console.log(`db:reset: nothing to remove, ${dir} ${existed ? 'is empty' : 'does not exist'}`);
    return;
  }
  for (const entry of removed) console.log(`removed ${path.join(dir, entry)}`);
  console.log(
    `db:reset: emptied ${dir} (${removed.length} entries, ${(bytes / 1024 / 1024).toFixed(1)} MB); the next start creates a new database from supabase/migrations and supabase/seed.sql`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) console.error(`db:reset: ${error.message}`);
  else console.error('db:reset failed:', error);
  process.exit(1);
});
