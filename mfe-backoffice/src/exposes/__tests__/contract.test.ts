// What this remote's build exposes (its descriptor, federation.json) keeps the shape the shell is typed against
// (shared-lib/src/contracts), and its README names its features and exposed modules.
import { isValidElement, createElement } from 'react';
import { remotePaths, type ExposedModules } from 'shared-lib';
import { describeRemoteContract } from 'shared-lib/testing';
import * as exposed from '../routes';

describeRemoteContract('backoffice', (file) => import(`../../../${file}`));

// The shell routes every path in `remotePaths.backoffice` to this remote and renders the matching Component.
describe('./routes contract', () => {
  const routes = (exposed as ExposedModules['backoffice']['./routes']).default;

  it('exposes exactly the backoffice paths, each once', () => {
    expect(routes.map((route) => route.path)).toEqual([...remotePaths.backoffice]);
  });

  it('gives every path a lazily loaded component the shell can render', () => {
    for (const { Component } of routes) {
      expect(isValidElement(createElement(Component))).toBe(true);
      // React.lazy: the page's code is split from the remote entry.
      expect((Component as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    }
  });
});
