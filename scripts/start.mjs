#!/usr/bin/env node
// `npm start`: installs dependencies when they are missing, builds the apps for production, starts the
// local Supabase API (unless SUPABASE_URL points elsewhere), writes the shell's config.json and serves
// everything. `--dev` runs webpack dev servers instead (with a database of its own); `--no-build` serves the
// existing builds. A default port that is taken gives way to the next free one (scripts/lib/site-ports.mjs).
// Ctrl-C stops all of it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode } from './lib/ensure-node.mjs';

ensureNode(); // first of all: on a Node older than 22.12 this re-runs the script on Node 24

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const build = !dev && !args.has('--no-build');

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${commandArgs.join(' ')} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (first run)...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

const { APPS, SHELL, localApps, portOf, runtimeConfig } = await import('./lib/apps.mjs');
const { startBackend } = await import('./lib/backend.mjs');
const { startChild, stopAll } = await import('./lib/processes.mjs');
const { settlePorts } = await import('./lib/site-ports.mjs');

try {
  const apps = localApps();
  if (build) {
    console.log(`Building ${apps.map((a) => a.package).join(', ')}...`);
    // lerna builds in dependency order, two at a time.
    run('npx', [
      'lerna',
      'run',
      'build',
      '--stream',
      '--concurrency',
      '2',
      ...apps.flatMap((a) => ['--scope', a.package]),
    ]);
    // Public pages get build-time HTML from the local builds; with a remote from elsewhere they stay
    // client-rendered, as the snapshot would show the local build's version of its pages. Without it the site
    // still works, so a failure here is reported, not fatal.
    if (apps.length === APPS.length) {
      const prerender = spawnSync('node', ['scripts/prerender.mjs'], { cwd: root, stdio: 'inherit' });
      if (prerender.status !== 0)
        console.warn('Prerendering failed: the pages are rendered in the browser only.');
    }
  }

  // Chosen once the builds are done, just before the servers start: ports that are free now.
  const env = await settlePorts({ root, apps, localApi: !process.env.SUPABASE_URL });
  // npm run dev keeps its own database, so it runs beside npm start, which holds the default data folder.
  if (dev) env.DATA_DIR ||= path.join(root, '.data', 'local-supabase-dev');
  const siteUrl = `http://localhost:${portOf(SHELL, env)}`;
  const backend = await startBackend({ root, env, siteUrl });
  const config = runtimeConfig({ ...backend, env });

  if (dev) {
    // The dev servers serve each app's public/ folder: config.json goes there for the shell and for each remote
    // run alone (`npm run dev -w mfe-account`). Only the shell's folder is in the repository.
    for (const app of APPS) {
      fs.mkdirSync(path.join(app.dir, 'public'), { recursive: true });
      fs.writeFileSync(path.join(app.dir, 'public', 'config.json'), JSON.stringify(config, null, 2));
    }
    for (const app of apps) {
      const port = String(portOf(app, env));
      startChild(app.package, 'npm', ['run', 'dev', '-w', app.package, '--', '--port', port], {
        cwd: root,
        stdio: 'inherit',
      });
    }
    const { allListening, waitFor } = await import('./lib/ports.mjs');
    await waitFor('the dev servers', () => allListening(apps.map((app) => portOf(app, env))), 180_000);
    for (const app of apps) console.log(`${app.package.padEnd(17)} http://localhost:${portOf(app, env)}`);
  } else {
    const { serveBuilds } = await import('./lib/serve-builds.mjs');
    await serveBuilds({ apps, config, env });
  }

  console.log(`\nThe storefront is ready at ${siteUrl} (Ctrl-C stops it)`);
  console.log(`API: ${backend.supabaseUrl}`);
  if (backend.inboxUrl) console.log(`Inbox (e-mails the API sends): ${backend.inboxUrl}`);
  console.log('');
} catch (error) {
  console.error(`\n${error.message}`);
  stopAll(1);
}
