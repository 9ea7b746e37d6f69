// What `npm start` and `npm run dev` start stops with them: on Ctrl-C, SIGTERM or SIGHUP, when the script itself
// fails, and when one of its processes dies on its own (half a site holding ports and the data folder helps
// nobody). Each child runs in a process group of its own, so `npm run dev -w x` goes down with the webpack
// server npm started under it.
import { spawn } from 'node:child_process';

const STOP_TIMEOUT_MS = 10_000;
const children = [];
let stopping = false;

function signal(child, name) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (process.platform === 'win32') child.kill(name);
    else process.kill(-child.pid, name);
  } catch {
    // already gone
  }
}

/** Stops every child (SIGTERM, then SIGKILL after 10 s) and exits with `code` once they are gone. */
export function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of running) signal(child, 'SIGTERM');
  const exit = () => process.exit(code);
  if (running.length === 0) return exit();
  let left = running.length;
  for (const child of running) child.once('exit', () => --left === 0 && exit());
  setTimeout(() => {
    for (const child of running) signal(child, 'SIGKILL');
    exit();
  }, STOP_TIMEOUT_MS).unref();
}

/** Starts a child that belongs to this run: it stops with it, and everything stops if it dies. */
export function startChild(name, command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: process.platform !== 'win32' });
  children.push(child);
  child.once('exit', (code, sig) => {
    if (stopping) return;
    console.error(`\n${name} stopped (${sig ?? `exit code ${code}`}): stopping everything.`);
    stopAll(code || 1);
  });
  return child;
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopAll(0));
// A crash of the script itself: no child outlives it. `exit` handlers run synchronously, so only signals here.
process.on('exit', () => {
  for (const child of children) signal(child, 'SIGTERM');
});
