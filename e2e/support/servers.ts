// A second copy of the composed site on free ports of its own, for tests that stop, restart or replace a remote
// without disturbing the main servers.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: plain ESM module without type declarations
import { createStaticApp, listen } from '../../scripts/lib/static-server.mjs';
// @ts-expect-error: plain ESM module without type declarations
import { freePortServer } from '../../scripts/lib/serve-builds.mjs';
import type { RemoteKey } from '../../shared-lib/src/contracts';
import { APPS, shellUrl as mainShellUrl } from './site';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SiteServers {
  shellUrl: string;
  remoteUrl: (remote: RemoteName) => string;
  /** Stops one remote's server, as if its host were down. */
  stop: (remote: RemoteName) => Promise<void>;
  /** Serves a remote again, optionally from another build folder. */
  start: (remote: RemoteName, dist?: string) => Promise<void>;
  /** Serves a build folder as a remote at a new location (a new deployment) and returns its manifest URL. */
  deploy: (dist: string) => Promise<string>;
  /** Points the shell's config.json at another location of a remote. */
  setRemoteUrl: (remote: RemoteName, url: string) => void;
  close: () => Promise<void>;
}

/** A remote's key in config.json (its descriptor's `remote`). */
export type RemoteName = RemoteKey;
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface PortServer {
  server: Server;
  url: string;
}

/** Locations the shell's CSP allows beside its remotes, for the deployments a test makes. */
const DEPLOYMENT_SLOTS = 3;
const remoteApps = APPS.filter((app) => app.remote);
/** Each remote's package folder, by its key in config.json. */
export const remoteDirs = Object.fromEntries(remoteApps.map((app) => [app.remote, app.package])) as Record<
  RemoteName,
  string
>;
const distOf = (remote: RemoteName) => path.join(repoRoot, remoteDirs[remote], 'dist');

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Serves the shell and the remotes from their dist/ folders, each on a free port, with the shell's
 * config.json written by the test (the backend is the main test site's).
 */
export async function startSite({
  supabaseUrl,
  supabaseAnonKey,
}: {
  supabaseUrl: string;
  supabaseAnonKey: string;
}): Promise<SiteServers> {
  const names = remoteApps.map((app) => app.remote as RemoteName);
  // Every port first (the shell's CSP names the remotes, the remotes' CORS the shell), then what they serve.
  const bind = () => freePortServer() as Promise<PortServer>;
  const shell = await bind();
  const remotes = new Map<RemoteName, PortServer>();
  for (const remote of names) remotes.set(remote, await bind());
  const slots = await Promise.all(Array.from({ length: DEPLOYMENT_SLOTS }, bind));
  const remoteUrl = (remote: RemoteName) => `${remotes.get(remote)!.url}/mf-manifest.json`;
  const remoteOrigins = names.map((n) => remoteUrl(n));
  const slotOrigins = slots.map((slot) => slot.url);
  const config = {
    supabaseUrl,
    supabaseAnonKey,
    remotes: Object.fromEntries(names.map((n) => [n, remoteUrl(n)])) as Record<RemoteName, string>,
  };
  shell.server.on(
    'request',
    createStaticApp({
      root: path.join(repoRoot, APPS[0]!.package, 'dist'),
      kind: 'shell',
      scriptOrigins: [...remoteOrigins, ...slotOrigins],
      connectOrigins: [...remoteOrigins, ...slotOrigins, supabaseUrl],
      config: () => config,
    }) as Handler,
  );
  const remoteApp = (dist: string) =>
    createStaticApp({ root: dist, kind: 'remote', corsOrigins: [shell.url] }) as Handler;
  const servers = new Map<RemoteName, Server>();
  for (const remote of names) {
    const { server } = remotes.get(remote)!;
    server.on('request', remoteApp(distOf(remote)));
    servers.set(remote, server);
  }

  const start = async (remote: RemoteName, dist = distOf(remote)) => {
    const port = Number(new URL(remotes.get(remote)!.url).port);
    servers.set(remote, (await listen(remoteApp(dist), port)) as Server);
  };
  const stop = async (remote: RemoteName) => {
    const server = servers.get(remote);
    servers.delete(remote);
    if (server) await closeServer(server);
  };

  let deployed = 0;
  return {
    shellUrl: shell.url,
    remoteUrl,
    stop,
    start,
    deploy: async (dist) => {
      const slot = slots[deployed++];
      if (!slot) throw new Error(`startSite has ${DEPLOYMENT_SLOTS} deployment slots, all used`);
      slot.server.on('request', remoteApp(dist));
      return `${slot.url}/mf-manifest.json`;
    },
    setRemoteUrl: (remote, url) => {
      config.remotes[remote] = url;
    },
    close: async () => {
      await Promise.all(
        [shell.server, ...servers.values(), ...slots.map((slot) => slot.server)].map(closeServer),
      );
      servers.clear();
    },
  };
}

/** The main test site's backend settings, read from its config.json. */
export async function mainBackend(): Promise<{ supabaseUrl: string; supabaseAnonKey: string }> {
  const response = await fetch(`${mainShellUrl}/config.json`);
  return (await response.json()) as { supabaseUrl: string; supabaseAnonKey: string };
}
