// The contract of what this remote exposes (shared-lib/src/contracts): a changed shape fails this build,
// not the live site.
import { isValidElementType } from 'react-is';
import { remoteContracts, remotePaths, type CartButtonModule, type RoutesModule } from 'shared-lib';
import * as cartButton from '../CartButton';
import * as routes from '../routes';

it('exposes exactly the modules its contract names', () => {
  expect(Object.keys(remoteContracts.catalog.exposes).sort()).toEqual(['./CartButton', './routes']);
});

it('./routes: one page per path the shell routes to this slice', () => {
  const module: RoutesModule = routes;
  expect(module.default.map((r) => r.path).sort()).toEqual([...remotePaths.catalog].sort());
  for (const route of module.default) expect(isValidElementType(route.Component)).toBe(true);
});

it('./CartButton: a component as the default export', () => {
  const module: CartButtonModule = cartButton;
  expect(isValidElementType(module.default)).toBe(true);
});
