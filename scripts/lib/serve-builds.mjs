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
      }),
      portOf(app, env),
    );
    servers.push(server);
    console.log(`${app.dir.padEnd(17)} http://localhost:${portOf(app, env)}`);
  }
  return servers;
}
