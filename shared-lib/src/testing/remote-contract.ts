// The one contract test every remote runs against its descriptor (federation.json), the file its webpack build
// takes its scope and exposed modules from and shared-lib's contract types are derived from: a module that is
// missing or of the wrong shape, routes other than the paths the remote owns, or a README that does not name what
// the remote has fail the owning team's tests, not the live site.
import fs from 'node:fs';
import path from 'node:path';
import { isValidElementType } from 'react-is';
import { remoteDescriptors, type RemoteKey, type RoutesModule } from '../contracts';
import { remotePaths } from '../routes/paths';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/**
 * Declares the contract tests of `remote`. `load` imports one exposed file, given as federation.json names it
 * (relative to the remote's folder).
 */
export function describeRemoteContract(remote: RemoteKey, load: (file: string) => Promise<unknown>): void {
  const descriptor = remoteDescriptors[remote];
  const exposes: Record<string, string> = descriptor.exposes;

  describe(`${remote} remote contract (its federation.json)`, () => {
    it('is the descriptor of the remote config.json calls by this key', () => {
      expect(descriptor.remote).toBe(remote);
    });

    it.each(Object.entries(exposes))('%s has the shape its contract type gives it', async (key, file) => {
      const module = (await load(file)) as { default?: unknown };
      if (key === './routes') {
        const routes = (module as RoutesModule).default;
        expect(routes.map((route) => route.path).sort()).toEqual([...remotePaths[remote]].sort());
        for (const route of routes) expect(isValidElementType(route.Component)).toBe(true);
      } else {
        expect(isValidElementType(module.default)).toBe(true);
      }
    });
  });

  describe(`${descriptor.package}/README.md`, () => {
    const folder = path.join(repoRoot, descriptor.package);
    const readme = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    const features = fs
      .readdirSync(path.join(folder, 'src', 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);

    it('names every feature folder it has (src/features/*)', () => {
      expect(features.filter((feature) => !readme.includes(`features/${feature}/`))).toEqual([]);
    });

    it('names every module it exposes', () => {
      expect(Object.keys(exposes).filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
    });
  });
}
