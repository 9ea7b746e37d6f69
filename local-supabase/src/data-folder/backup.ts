// A data folder that PostgreSQL refuses must be left exactly as it was, and PostgreSQL writes to a folder as it
// starts on it, before it finds the damage: with a truncated base/<db>/1259 (pg_class) the refused start had
// rewritten global/pg_control and deleted two pg_internal.init files. So a start copies the folder first (a
// clone where the file system can make one) and puts the copy back when the open fails; a successful open drops
// it. What a start leaves when it is killed half-way is finished by the next one, under the folder's lock.
import fs from 'node:fs';
import path from 'node:path';

/** The copy of the folder as it was before the open; complete once it has this name. */
export const BACKUP = 'local-supabase.backup';
/** A copy being made (never complete): it is deleted. */
const PARTIAL = `${BACKUP}.partial`;
/** A copy no longer needed, deleted after the start (renamed first, so it is never mistaken for a backup). */
const DISCARDED = `${BACKUP}.discarded`;
/** Inside the backup: the folder's own entries were removed, so only the copy's are to be moved back. */
const RESTORING = '.restoring';

/** The backup's own entries in the data folder. */
export const isBackupEntry = (entry: string) => entry === BACKUP || entry === PARTIAL || entry === DISCARDED;

/** Copies the folder's entries (all but `keep`'s) to the backup. */
export function backUp(dir: string, keep: (entry: string) => boolean): void {
  const partial = path.join(dir, PARTIAL);
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    fs.mkdirSync(partial);
    for (const entry of fs.readdirSync(dir)) {
      if (keep(entry) || isBackupEntry(entry)) continue;
      fs.cpSync(path.join(dir, entry), path.join(partial, entry), {
        recursive: true,
        preserveTimestamps: true,
        mode: fs.constants.COPYFILE_FICLONE,
      });
    }
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  fs.renameSync(partial, path.join(dir, BACKUP));
}

/**
 * Puts the backup back: the folder's entries (all but `keep`'s) are removed, then the copy's moved in. Safe to run
 * again after a crash at any point.
 */
export function restore(dir: string, keep: (entry: string) => boolean): void {
  const backup = path.join(dir, BACKUP);
  // No complete copy (it could not be made): nothing is touched.
  if (!fs.existsSync(backup)) return;
  if (!fs.existsSync(path.join(backup, RESTORING))) {
    for (const entry of fs.readdirSync(dir)) {
      if (!keep(entry) && !isBackupEntry(entry))
        fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
    fs.writeFileSync(path.join(backup, RESTORING), '');
  }
  for (const entry of fs.readdirSync(backup)) {
    if (entry !== RESTORING) fs.renameSync(path.join(backup, entry), path.join(dir, entry));
  }
  fs.rmSync(backup, { recursive: true, force: true });
}

/** Drops the backup of a successful open: renamed at once, deleted without holding up the start. */
export function discardBackup(dir: string): void {
  const discarded = path.join(dir, DISCARDED);
  fs.rmSync(discarded, { recursive: true, force: true });
  fs.renameSync(path.join(dir, BACKUP), discarded);
  fs.promises.rm(discarded, { recursive: true, force: true }).catch(() => undefined);
}

/**
 * What an earlier start killed half-way left: a complete backup means it died while PostgreSQL had the folder
 * open for the first time (no request had been served), so the folder goes back to it; a partial or discarded
 * copy is deleted.
 */
export function finishInterruptedStart(dir: string, keep: (entry: string) => boolean): void {
  if (fs.existsSync(path.join(dir, BACKUP))) restore(dir, keep);
  for (const leftover of [PARTIAL, DISCARDED])
    fs.rmSync(path.join(dir, leftover), { recursive: true, force: true });
}
