// Runs one SQL statement on a PGlite data folder that no service holds, and prints its rows as JSON:
// `node pglite-query.mjs <data dir> <sql>`. For checks made beside the API on the embedded engine, as the tests
// do on PostgreSQL with `pg` (PGlite's WebAssembly loader needs a plain Node.js process, not jest's).
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

const [dataDir, sql] = process.argv.slice(2);
const db = await PGlite.create(`file://${dataDir}`, { extensions: { pgcrypto } });
try {
  const { rows } = await db.query(sql);
  process.stdout.write(JSON.stringify(rows));
} finally {
  await db.close();
}
