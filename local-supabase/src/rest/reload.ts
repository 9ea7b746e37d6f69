// PostgREST's schema cache reload: NOTIFY pgrst, 'reload schema' (or 'reload config', or an empty payload) reads
// the catalogue again, as does a listener that got its lost connection back (a notification may have been
// missed). Reloads asked for during one run once more after it.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { SchemaCache } from './schema-cache';

/** Listens for reloads; returns the unsubscribe. */
export async function reloadOnNotify(
  db: Database,
  cache: SchemaCache,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  let reloading: Promise<void> | null = null;
  let again = false;
  const reload = () => {
    if (reloading) {
      again = true;
      return;
    }
    reloading = cache
      .reload(db)
      .catch((error: unknown) => log.warn({ err: error }, 'schema cache reload failed'))
      .finally(() => {
        reloading = null;
        if (again) {
          again = false;
          reload();
        }
      });
  };
  // The role settings are read with the catalogue, so 'reload config' reads them again too.
  return db.listen(
    'pgrst',
    (payload) => {
      if (payload === '' || payload === 'reload schema' || payload === 'reload config') reload();
    },
    reload,
  );
}
