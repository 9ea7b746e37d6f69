// Serves the production builds: the shell with its config.json, each local remote for the shell's origin.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createStaticApp, listen } from './static-server.mjs';
import { APPS, SHELL, captchaOrigins, portOf } from './apps.mjs';
import { serveStandInBackend } from './stand-in-backend.mjs';

export async function serveBuilds({ apps, config, env = process.env }) {
  const remoteUrls = Object.values(config.remotes);
  const shellOrigin = env.SHELL_ORIGIN ?? `http://localhost:${portOf(SHELL, env)}`;
  const servers = [];
  for (const app of apps) {
    const dist = path.join(app.dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'index.html'))) {
      throw new Error(
        `${app.package} has no build in ${dist}: run \`npm run build -w ${app.package}\` first.`,
      );
    }
    const server = await listen(
      createStaticApp({
        root: dist,
        kind: app.remote ? 'remote' : 'shell',
        scriptOrigins: remoteUrls,
        connectOrigins: [...remoteUrls, config.supabaseUrl],
        corsOrigins: [shellOrigin],
        captchaOrigins: app.remote ? [] : captchaOrigins(config),
        config: app.remote ? undefined : () => config,
        siteUrl: app.remote ? undefined : config.siteUrl,
      }),
      portOf(app, env),
    );
    servers.push(server);
    console.log(`${app.package.padEnd(17)} http://localhost:${portOf(app, env)}`);
  }
  return servers;
}

const REMOTES = APPS.filter((app) => app.remote);
const REPO = path.dirname(SHELL.dir);

/** A server on a free port, answering with the app given later (once the other servers' ports are known). */
export async function freePortServer() {
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, resolve);
  });
  return { server, url: `http://localhost:${server.address().port}` };
}

/**
 * Serves a build for tools that only load public pages (prerender, bench:web), with a stand-in for the backend
 * (./stand-in-backend.mjs: no promotion runs, nothing else is answered): the federated build (the shell and the
 * remotes) or the single bundle (`shell/dist-single`), each on a free port, so it runs beside `npm start` or
 * another checkout's build. The pages name the site by `siteUrl`, by default the shell's own origin here (the
 * prerender keeps the build's placeholder); `root` serves another checkout's builds instead of this one's.
 * Resolves to the shell's URL, the remotes' manifest URLs (config.json's `remotes`), the stand-in backend's URL
 * (config.json's `supabaseUrl`) and the servers; close each when done.
 */
export async function servePublicBuild({ single = false, siteUrl, root } = {}) {
  // `root`: another checkout of this repository (bench:web's baseline), whose builds are served instead.
  const dirOf = (app) => (root ? path.join(root, path.relative(REPO, app.dir)) : app.dir);
  const shell = await freePortServer();
  // The single bundle loads no remote, but its config.json names them as every config.json must (the shell
  // refuses one without them): the remotes are served for both builds.
  const remotes = await Promise.all(REMOTES.map(() => freePortServer()));
  // No database runs: a public page reads only public data, the running promotion (none, here) and the contact
  // page's free slots (which fail here).
  const backend = await serveStandInBackend();
  const config = {
    supabaseUrl: backend.url,
    supabaseAnonKey: 'public-pages',
    remotes: Object.fromEntries(REMOTES.map((app, i) => [app.remote, `${remotes[i].url}/mf-manifest.json`])),
    siteUrl: siteUrl ?? shell.url,
  };
  const origins = Object.values(config.remotes);
  shell.server.on(
    'request',
    createStaticApp({
      root: path.join(dirOf(SHELL), single ? 'dist-single' : 'dist'),
      kind: 'shell',
      scriptOrigins: origins,
      // A public page may still ask the backend for public data (the contact page's free slots).
      connectOrigins: [...origins, config.supabaseUrl],
      config: () => config,
      siteUrl: config.siteUrl,
    }),
  );
  for (const [i, app] of REMOTES.entries()) {
    remotes[i].server.on(
      'request',
      createStaticApp({ root: path.join(dirOf(app), 'dist'), kind: 'remote', corsOrigins: [shell.url] }),
    );
  }
  return {
    url: shell.url,
    remotes: config.remotes,
    backend: backend.url,
    servers: [shell.server, ...remotes.map((r) => r.server), backend.server],
  };
}
