// The one contract test every remote runs against its descriptor (federation.json), the file its webpack build
// takes its scope and exposed modules from and shared-lib's contract types are derived from: a module that is
// missing or of the wrong shape, or routes other than the paths the remote owns, fail the owning team's tests,
// not the live site.
import { isValidElementType } from 'react-is';
import { remoteDescriptors, type RemoteKey, type RoutesModule } from '../contracts';
import { remotePaths } from '../routes/paths';

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
}
