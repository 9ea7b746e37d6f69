// No source maps for the public (#29): the production builds as the rehearsal serves them name no map, no origin
// serves one, and each build's maps are kept beside its folder (`<app>/dist-maps/`) for error reports.
import fs from 'node:fs';
import path from 'node:path';
import { remoteDirs, repoRoot, type RemoteName } from '../support/servers';
import { expect, test } from './fixtures';

test('no shipped script names a source map, no origin serves one, and the maps are kept beside each build', async ({
  rehearsal,
  request,
}) => {
  const apps = [
    { app: 'shell', origin: rehearsal.shellUrl, dir: rehearsal.servedDirs.shell },
    ...(Object.entries(remoteDirs) as [RemoteName, string][]).map(([name, app]) => ({
      app,
      origin: rehearsal.remoteUrls[name],
      dir: rehearsal.servedDirs[name],
    })),
  ];
  for (const { app, origin, dir } of apps) {
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
    expect(
      files.filter((file) => file.endsWith('.map')),
      `${app}: maps in the served folder`,
    ).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length, `${app}: scripts`).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(fs.readFileSync(path.join(dir, script), 'utf8'), `${app}/${script}`).not.toContain(
        'sourceMappingURL',
      );
      expect((await request.get(`${origin}/${script}`)).status(), `${origin}/${script}`).toBe(200);
      expect((await request.get(`${origin}/${script}.map`)).status(), `${origin}/${script}.map`).toBe(404);
      const kept = path.join(repoRoot, app, 'dist-maps', `${script}.map`);
      expect(fs.existsSync(kept), `${app}/dist-maps/${script}.map`).toBe(true);
    }
  }
});
