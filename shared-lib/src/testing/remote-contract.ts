// The one contract test every remote runs against its own federation.json, the file its webpack build takes its
// name and exposed modules from: a remote that builds something other than what shared-lib's `remoteContracts`
// promise the shell (a renamed container, a missing or extra module, a module of the wrong shape) fails its own
// tests, not the live site.
import { isValidElementType } from 'react-is';
import { remoteContracts, type RemoteContract, type RoutesModule } from '../contracts';
import { remotePaths, type RemoteKey } from '../routes/paths';

export interface FederationConfig {
  name: string;
  exposes: Record<string, string>;
}

/**
 * Declares the contract tests of `remote`. `load` imports one exposed file, given as federation.json names it
 * (relative to the remote's folder).
 */
export function describeRemoteContract(
  remote: RemoteKey,
  federation: FederationConfig,
  load: (file: string) => Promise<unknown>,
): void {
  const contract: RemoteContract = remoteContracts[remote];

  describe(`${remote} remote contract (federation.json against shared-lib's remoteContracts)`, () => {
    it('builds under the federation name the shell loads', () => {
      expect(federation.name).toBe(contract.name);
    });

    it('exposes exactly the modules its contract names', () => {
      expect(Object.keys(federation.exposes).sort()).toEqual(Object.keys(contract.exposes).sort());
    });

    it.each(Object.entries(contract.exposes))('%s has the shape of a %s module', async (key, kind) => {
      const file = federation.exposes[key];
      if (!file) throw new Error(`federation.json does not expose ${key}`);
      const module = (await load(file)) as { default?: unknown };
      if (kind === 'routes') {
        const routes = (module as RoutesModule).default;
        expect(routes.map((route) => route.path).sort()).toEqual([...remotePaths[remote]].sort());
        for (const route of routes) expect(isValidElementType(route.Component)).toBe(true);
      } else {
        expect(isValidElementType(module.default)).toBe(true);
      }
    });
  });
}
