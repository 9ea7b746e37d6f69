// A second copy of the composed site on its own ports, for tests that stop, restart or replace a remote
// without disturbing the main servers.
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: plain ESM module without type declarations
import { createStaticApp, listen } from '../../scripts/lib/static-server.mjs';

/** The main test site's shell port (playwright.config.ts); other servers in a test sit at offsets from it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3000);

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SiteServers {
  shellUrl: string;
  remoteUrl: (remote: RemoteName) => string;
  /** Stops one remote's server, as if its host were down. */
  stop: (remote: RemoteName) => Promise<void>;
  /** Serves a remote again, optionally from another build folder. */
  start: (remote: RemoteName, dist?: string) => Promise<void>;
  /** Serves a build folder as a remote on its own port (a new deployment) and returns its manifest URL. */
  deploy: (dist: string, port: number) => Promise<string>;
  /** Points the shell's config.json at another location of a remote. */
  setRemoteUrl: (remote: RemoteName, url: string) => void;
  close: () => Promise<void>;
}

export type RemoteName = 'marketing' | 'catalog' | 'account';
export const remoteDirs: Record<RemoteName, string> = {
  marketing: 'mfe-marketing',
  catalog: 'mfe-catalog-cart',
  account: 'mfe-account',
};

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Serves the shell and the three remotes from their dist/ folders on basePort..basePort+3, with the shell's
 * config.json written by the test (the backend is the main test server's).
 */
export async function startSite(
  basePort: number,
  { supabaseUrl, supabaseAnonKey }: { supabaseUrl: string; supabaseAnonKey: string },
): Promise<SiteServers> {
  const names = Object.keys(remoteDirs) as RemoteName[];
  const portOf = (remote: RemoteName) => basePort + 1 + names.indexOf(remote);
  const remoteUrl = (remote: RemoteName) => `http://localhost:${portOf(remote)}/mf-manifest.json`;
  const shellUrl = `http://localhost:${basePort}`;
  const remoteOrigins = names.map((n) => remoteUrl(n));
  const config = {
    supabaseUrl,
    supabaseAnonKey,
    remotes: Object.fromEntries(names.map((n) => [n, remoteUrl(n)])) as Record<RemoteName, string>,
    purchaseToast: false,
  };
  const deployments: Server[] = [];

  // The CSP allows scripts from this range of ports, where the tests deploy remotes.
  const deployOrigins = Array.from({ length: 10 }, (_, i) => `http://localhost:${basePort + 10 + i}`);
  const shellApp = createStaticApp({
    root: path.join(repoRoot, 'shell', 'dist'),
    kind: 'shell',
    scriptOrigins: [...remoteOrigins, ...deployOrigins],
    connectOrigins: [...remoteOrigins, ...deployOrigins, supabaseUrl],
    config: () => config,
  });
  const servers = new Map<RemoteName | 'shell', Server>();
  servers.set('shell', await listen(shellApp, basePort));

  const start = async (remote: RemoteName, dist = path.join(repoRoot, remoteDirs[remote], 'dist')) => {
    const app = createStaticApp({ root: dist, kind: 'remote', corsOrigins: [shellUrl] });
    servers.set(remote, await listen(app, portOf(remote)));
  };
  const stop = async (remote: RemoteName) => {
    const server = servers.get(remote);
    servers.delete(remote);
    if (server) await closeServer(server);
  };
  for (const remote of names) await start(remote);

  return {
    shellUrl,
    remoteUrl,
    stop,
    start,
    deploy: async (dist, port) => {
      deployments.push(
        await listen(createStaticApp({ root: dist, kind: 'remote', corsOrigins: [shellUrl] }), port),
      );
      return `http://localhost:${port}/mf-manifest.json`;
    },
    setRemoteUrl: (remote, url) => {
      config.remotes[remote] = url;
    },
    close: async () => {
      await Promise.all([...servers.values(), ...deployments].map(closeServer));
      servers.clear();
    },
  };
}

/** The main test site's backend settings, read from its config.json. */
export async function mainBackend(): Promise<{ supabaseUrl: string; supabaseAnonKey: string }> {
  const response = await fetch(`http://localhost:${E2E_PORT}/config.json`);
  return (await response.json()) as { supabaseUrl: string; supabaseAnonKey: string };
}
