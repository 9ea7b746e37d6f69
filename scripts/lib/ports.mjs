// Whether something listens on a local port, waiting until it does, and choosing the ports a run listens on.
import net from 'node:net';

export const portInUse = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Resolves once `check()` is true; rejects naming `what` after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const allListening = async (ports) =>
  (await Promise.all(ports.map((p) => portInUse(p)))).every(Boolean);

/**
 * Whether a server could listen on `port` on every interface now: a listener on any one interface (the local API
 * on loopback, a static server on all of them) makes it busy.
 */
const portFree = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });

/**
 * The ports for servers about to start, in order. A port the environment set (`explicit`) is kept as it is: the
 * server says so when it is busy. A default that is busy gives way to the next free port after it, not one an
 * earlier server of the run took; `onMove(server, port)` is told, so the run can say where it went.
 * @param {{ name: string, port: number, explicit: boolean }[]} servers
 * @returns {Promise<number[]>}
 */
export async function choosePorts(servers, onMove = () => {}) {
  const taken = new Set();
  const chosen = [];
  for (const server of servers) {
    let next = server.port;
    if (!server.explicit) {
      while (taken.has(next) || !(await portFree(next))) {
        next += 1;
        if (next > 65535) throw new Error(`${server.name}: no free port from ${server.port} on`);
      }
      if (next !== server.port) onMove(server, next);
    }
    taken.add(next);
    chosen.push(next);
  }
  return chosen;
}
