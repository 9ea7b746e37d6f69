// Where the test site listens. With E2E_PORT the shell takes that port, each remote that port plus its own
// descriptor's distance from the shell's (3001 is the shell's + 1), the local API and its inbox E2E_PORT + 51321
// and + 51324 (E2E_PORT=3000 is npm start's own layout). Without it every server
// takes a free port, so the tests run beside a developer's `npm start` or another checkout's tests. Playwright
// reads this config in its runner and again in each worker: the runner chooses the ports once and hands them to
// the workers (and to the web server) in E2E_SITE_PORTS, so every process agrees.
import { execFileSync } from 'node:child_process';
// @ts-expect-error: plain ESM module without type declarations
import { APPS as apps } from '../../scripts/lib/apps.mjs';

export interface App {
  package: string;
  remote?: string;
  port: number;
  env: { port: string; url?: string };
}
/** The apps' descriptors (each app's federation.json), the shell first. */
export const APPS = apps as App[];

/** A port for each app (by its package name), the local API and its inbox. */
export type SitePorts = Record<string, number> & { api: number; inbox: number };

/** `count` distinct ports free now, chosen by the system (a child process, since Playwright's config is synchronous). */
function freePorts(count: number): number[] {
  const program = `
    const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((resolve) => s.listen(0, resolve)))).then(() => {
      process.stdout.write(JSON.stringify(servers.map((s) => s.address().port)));
      for (const s of servers) s.close();
    });
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', program], { encoding: 'utf8' })) as number[];
}

function choosePorts(): SitePorts {
  const base = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : null;
  const free = base === null ? freePorts(APPS.length + 2) : [];
  const at = (offset: number, i: number) => (base === null ? free[i]! : base + offset);
  return {
    ...Object.fromEntries(APPS.map((app, i) => [app.package, at(app.port - APPS[0]!.port, i)])),
    api: at(51321, APPS.length),
    inbox: at(51324, APPS.length + 1),
  } as SitePorts;
}

process.env.E2E_SITE_PORTS ??= JSON.stringify(choosePorts());
export const sitePorts = JSON.parse(process.env.E2E_SITE_PORTS) as SitePorts;

export const shellUrl = `http://localhost:${sitePorts[APPS[0]!.package]}`;

/** The origin of a remote's server in the test site, e.g. to make it fail in the browser. */
export const remoteOrigin = (remote: string) => {
  const app = APPS.find((a) => a.remote === remote);
  if (!app) throw new Error(`no remote ${remote}`);
  return `http://localhost:${sitePorts[app.package]}`;
};

/** The local mail catcher of the test site. */
export const inboxUrl = `http://localhost:${sitePorts.inbox}`;
