// The contract of what this remote exposes (shared-lib/src/contracts).
import { isValidElementType } from 'react-is';
import {
  remoteContracts,
  remotePaths,
  type NewsletterPopupModule,
  type PurchaseToastModule,
  type RoutesModule,
} from 'shared-lib';
import * as popup from '../NewsletterPopup';
import * as toastModule from '../PurchaseToast';
import * as routes from '../routes';

it('exposes exactly the modules its contract names', () => {
  expect(Object.keys(remoteContracts.marketing.exposes).sort()).toEqual([
    './NewsletterPopup',
    './PurchaseToast',
    './routes',
  ]);
});

it('./routes: one page per path the shell routes to this slice', () => {
  const module: RoutesModule = routes;
  expect(module.default.map((r) => r.path).sort()).toEqual([...remotePaths.marketing].sort());
  for (const route of module.default) expect(isValidElementType(route.Component)).toBe(true);
});

it('./NewsletterPopup and ./PurchaseToast: components as default exports', () => {
  const a: NewsletterPopupModule = popup;
  const b: PurchaseToastModule = toastModule;
  expect(isValidElementType(a.default)).toBe(true);
  expect(isValidElementType(b.default)).toBe(true);
});
