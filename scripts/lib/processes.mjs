// What `npm start` and `npm run dev` start stops with them: on Ctrl-C, SIGTERM or SIGHUP, when the script itself
// fails, and when one of its processes dies on its own (half a site holding ports and the data folder helps
// nobody). Children stay in this process's group, so a signal to the group (a terminal's Ctrl-C, a test runner's
// kill) reaches them too; npm passes SIGTERM on to the webpack server it runs.
import { spawn } from 'node:child_process';

const STOP_TIMEOUT_MS = 10_000;
const children = [];
let stopping = false;

function signal(child, name) {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
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
  const child = spawn(command, args, options);
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
