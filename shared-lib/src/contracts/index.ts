// Typed contracts of every module a remote exposes. The shell depends on these types, never on a remote's
// source, and each remote's contract test checks its exposed modules against them.
import type { ComponentType } from 'react';
import type { RemoteKey } from '../routes/paths';

export interface RemoteRoute {
  /** A path pattern from `remotePaths` (react-router syntax). */
  path: string;
  Component: ComponentType;
}

/** `./routes` of every remote. */
export type RoutesModule = { default: readonly RemoteRoute[] };
/** `./CartButton` of mfe-catalog-cart: the header's cart button with its panel (and cart persistence). */
export type CartButtonModule = { default: ComponentType };
/** `./NewsletterPopup` of mfe-marketing. */
export type NewsletterPopupModule = { default: ComponentType };
/** `./PurchaseToast` of mfe-marketing. */
export type PurchaseToastModule = { default: ComponentType };

export interface RemoteContract {
  /** Federation name, also the first part of `loadRemote('name/expose')`. */
  name: string;
  exposes: Record<string, 'routes' | 'component'>;
}

export const remoteContracts = {
  marketing: {
    name: 'mfe_marketing',
    exposes: { './routes': 'routes', './NewsletterPopup': 'component', './PurchaseToast': 'component' },
  },
  catalog: { name: 'mfe_catalog_cart', exposes: { './routes': 'routes', './CartButton': 'component' } },
  account: { name: 'mfe_account', exposes: { './routes': 'routes' } },
} as const satisfies Record<RemoteKey, RemoteContract>;

export type ExposedModules = {
  marketing: {
    './routes': RoutesModule;
    './NewsletterPopup': NewsletterPopupModule;
    './PurchaseToast': PurchaseToastModule;
  };
  catalog: { './routes': RoutesModule; './CartButton': CartButtonModule };
  account: { './routes': RoutesModule };
};
