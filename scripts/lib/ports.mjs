// Whether something listens on a local port, and waiting until it does.
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
