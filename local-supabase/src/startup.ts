// The start order that keeps a data folder safe: bind the port, then lock the folder, then open the database.
// A start on a busy port therefore fails before it has touched any folder (it used to open PGlite and run
// recovery on a folder another process was writing, then fail on listen()).
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A refusal to start that the user can act on: its message is one line naming what and what to do. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

export interface BoundPort {
  port: number;
  /** Makes `app` serve on the bound port, with the connections that arrived while the service was starting. */
  serve(app: FastifyInstance): Promise<void>;
  /** Frees the port when the start fails before serve(). */
  close(): Promise<void>;
}

/**
 * Listens on `port` at once. Connections that arrive before the service is ready wait, paused, and are answered
 * when it is (a browser that connects during the start gets its answer instead of a refusal).
 */
export async function bindPort(port: number, host: string, variable = 'PORT'): Promise<BoundPort> {
  const early = new Set<net.Socket>();
  const holder = net.createServer({ pauseOnConnect: true }, (socket) => {
    early.add(socket);
    socket.once('close', () => early.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    holder.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new StartupError(
            `port ${port} on ${host} is already in use (another local-supabase, or another program): stop what uses it, or set ${variable} to a free port`,
            { cause: error },
          ),
        );
      else if (error.code === 'EACCES')
        reject(
          new StartupError(
            `not allowed to listen on port ${port} on ${host}: set ${variable} to a port above 1023`,
            {
              cause: error,
            },
          ),
        );
      else reject(error);
    });
    holder.listen(port, host, () => resolve());
  });
  const address = holder.address();
  let adopted = false;
  return {
    port: typeof address === 'object' && address ? address.port : port,
    serve: async (app) => {
      // Fastify's own server takes over the listening handle (Node's listen(handle), which accepts any object
      // with a `_handle`), so it keeps all of Fastify's server options; the waiting connections follow.
      const handle = { host, _handle: (holder as unknown as { _handle: unknown })._handle };
      await app.listen(handle);
      adopted = true;
      for (const socket of early) {
        early.delete(socket);
        app.server.emit('connection', socket);
        socket.resume();
      }
    },
    close: async () => {
      if (adopted) return;
      for (const socket of early) socket.destroy();
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    },
  };
}
