// Serves the production builds: the shell with its config.json, each local remote for the shell's origin.
import fs from 'node:fs';
import path from 'node:path';
import { createStaticApp, listen } from './static-server.mjs';
import { portOf } from './apps.mjs';

export async function serveBuilds({ root, apps, config, env = process.env }) {
  const remoteUrls = Object.values(config.remotes);
  const shellOrigin = env.SHELL_ORIGIN ?? `http://localhost:${portOf(apps.find((a) => a.dir === 'shell'))}`;
  const servers = [];
  for (const app of apps) {
    const dist = path.join(root, app.dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'index.html'))) {
      throw new Error(`${app.dir} has no build in ${dist}: run \`npm run build -w ${app.dir}\` first.`);
    }
    const server = await listen(
      createStaticApp({
        root: dist,
        kind: app.remote ? 'remote' : 'shell',
        scriptOrigins: remoteUrls,
        connectOrigins: [...remoteUrls, config.supabaseUrl],
        corsOrigins: [shellOrigin],
        config: app.remote ? undefined : () => config,
        siteUrl: app.remote ? undefined : config.siteUrl,
      }),
      portOf(app, env),
    );
    servers.push(server);
    console.log(`${app.dir.padEnd(17)} http://localhost:${portOf(app, env)}`);
  }
  return servers;
}

const REMOTE_DIRS = { marketing: 'mfe-marketing', catalog: 'mfe-catalog-cart', account: 'mfe-account' };

/** The backend a public build's config.json names (none is started for it). */
export const PUBLIC_BACKEND_URL = 'http://localhost:54321';

/**
 * Serves a build for tools that only load public pages (prerender, bench:web), with no backend: the federated
 * build (the shell on `port`, the remotes on the next three ports) or the single bundle (`shell/dist-single`).
 * The pages name the site by `siteUrl`, by default the shell's own origin here (the prerender keeps the build's
 * placeholder). Resolves to the servers; close each when done.
 */
export async function servePublicBuild({ root, port, single = false, siteUrl = `http://localhost:${port}` }) {
  const remotes = Object.fromEntries(
    Object.keys(REMOTE_DIRS).map((key, i) => [key, `http://localhost:${port + 1 + i}/mf-manifest.json`]),
  );
  // No backend runs: a public page reads only public data from it (the free slots), which may fail here.
  const config = {
    supabaseUrl: PUBLIC_BACKEND_URL,
    supabaseAnonKey: 'public-pages',
    remotes,
    purchaseToast: true,
    siteUrl,
  };
  const origins = Object.values(remotes);
  const shell = createStaticApp({
    root: path.join(root, 'shell', single ? 'dist-single' : 'dist'),
    kind: 'shell',
    scriptOrigins: single ? [] : origins,
    // A public page may still ask the backend for public data (the contact page's free slots).
    connectOrigins: [...(single ? [] : origins), config.supabaseUrl],
    config: () => config,
    siteUrl,
  });
  const servers = [await listen(shell, port)];
  if (single) return servers;
  for (const [i, dir] of Object.values(REMOTE_DIRS).entries()) {
    const remote = createStaticApp({
      root: path.join(root, dir, 'dist'),
      kind: 'remote',
      corsOrigins: [`http://localhost:${port}`],
    });
    servers.push(await listen(remote, port + 1 + i));
  }
  return servers;
}
