// One process owns a data folder. The lock is a Unix socket listening inside the folder (a named pipe on
// Windows): the kernel releases it when the process dies, however it dies, so a restart after a crash is never
// refused, and a live holder answers a connection with its pid, which is also written beside it. A socket path
// has a length limit (104 bytes on macOS, 108 on Linux); for a folder whose path is too long the socket is in
// /tmp, named by a hash of the folder's real path, so every process that opens the folder finds the same one.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StartupError } from '../startup';
import { ELSEWHERE, errorCode, LOCK_SOCKET, PID_FILE } from './inspect';

const MAX_SOCKET_PATH = 103;

export interface FolderLock {
  /** The socket (or pipe) the lock is. */
  address: string;
  release(): Promise<void>;
}

/** The lock's address for a folder: the same for every process and every spelling of the folder's path. */
export function lockAddress(dir: string): string {
  const real = fs.realpathSync(dir);
  const hash = () =>
    createHash('sha256')
      .update(process.platform === 'win32' ? real.toLowerCase() : real)
      .digest('hex')
      .slice(0, 24);
  if (process.platform === 'win32') return `\\\\.\\pipe\\local-supabase-${hash()}`;
  const inside = path.join(real, LOCK_SOCKET);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  return path.join('/tmp', `local-supabase-${hash()}.sock`);
}

/** Asks whoever listens on `address` for its pid. `alive: false` when nobody does (a socket left by a crash). */
function probe(address: string): Promise<{ alive: boolean; pid?: number }> {
  return new Promise((resolve) => {
    let answer = '';
    let connected = false;
    const socket = net.connect(address);
    const done = (result: { alive: boolean; pid?: number }) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    // A holder whose event loop is busy (PGlite's initdb runs on it) accepts the connection but answers late.
    const timer = setTimeout(() => done({ alive: true }), 1500);
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => {
      const pid = Number(answer.trim());
      done({ alive: true, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    });
    socket.on('error', (error) => {
      const code = errorCode(error);
      done({ alive: connected || !(code === 'ECONNREFUSED' || code === 'ENOENT' || code === 'ENOTSOCK') });
    });
  });
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    server.once('error', resolve);
    server.listen(address, () => {
      server.off('error', resolve);
      resolve(undefined);
    });
  });
}

function readPid(dir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, PID_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a socket file nobody listens on, unless it was replaced in the meantime: it is renamed aside first
 * (atomic) and deleted only when it is still the file that was found dead; otherwise it is put back.
 */
function removeStale(address: string, dead: fs.Stats) {
  const aside = `${address}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    fs.renameSync(address, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = fs.lstatSync(aside);
  if (moved.ino !== dead.ino || moved.dev !== dead.dev) {
    try {
      fs.linkSync(aside, address);
    } catch {
      // Someone else holds the lock by now; the next attempt finds them.
    }
  }
  fs.rmSync(aside, { force: true });
}

function notWritable(dir: string, error: unknown): StartupError {
  return new StartupError(
    `the data folder ${dir} is not writable (${errorCode(error)}); local-supabase writes to its database: make it writable for this user (chmod -R u+w), or ${ELSEWHERE}`,
    { cause: error },
  );
}

/**
 * Takes the folder's lock or throws a StartupError naming the folder and the pid that holds it. The folder
 * must exist.
 */
export async function lockDataFolder(dir: string, purpose: 'start' | 'reset' = 'start'): Promise<FolderLock> {
  const address = lockAddress(dir);
  const isFile = process.platform !== 'win32';
  for (let attempt = 0; attempt < 5; attempt++) {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(`${process.pid}\n`);
    });
    const error = await listen(server, address);
    if (!error) {
      server.on('error', () => undefined);
      // The lock must not keep a process alive on its own.
      server.unref();
      try {
        fs.writeFileSync(path.join(dir, PID_FILE), `${process.pid}\n`);
      } catch (writeError) {
        await new Promise((resolve) => server.close(resolve));
        throw notWritable(dir, writeError);
      }
      let released = false;
      return {
        address,
        release: async () => {
          if (released) return;
          released = true;
          // Closing the server removes its socket file.
          await new Promise((resolve) => server.close(resolve));
          if (readPid(dir) === process.pid) fs.rmSync(path.join(dir, PID_FILE), { force: true });
        },
      };
    }
    if (error.code !== 'EADDRINUSE') {
      if (['EACCES', 'EPERM', 'EROFS'].includes(error.code ?? '')) throw notWritable(dir, error);
      throw error;
    }
    let found: fs.Stats | undefined;
    if (isFile) {
      try {
        found = fs.lstatSync(address);
      } catch (statError) {
        if (errorCode(statError) === 'ENOENT') continue;
        throw statError;
      }
    }
    const holder = await probe(address);
    if (holder.alive) {
      const pid = holder.pid ?? readPid(dir);
      const stop = `stop it${pid ? ` (Ctrl-C in its terminal, or kill ${pid})` : ''}`;
      throw new StartupError(
        `the data folder ${dir} is in use by another local-supabase (pid ${pid ?? 'unknown'}): ` +
          (purpose === 'reset'
            ? `${stop}, then run \`npm run db:reset\` again`
            : `use that one, or ${stop} and start again, or ${ELSEWHERE}`),
      );
    }
    if (found) removeStale(address, found);
  }
  throw new StartupError(
    `could not take the lock of the data folder ${dir} (${address}): another process keeps replacing it; stop the other local-supabase processes and start again`,
  );
}
