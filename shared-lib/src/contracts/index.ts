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
/**
 * `./CartButton` of mfe-catalog-cart: the header's cart button with its panel (it saves nothing: `./CartSync`
 * does).
 */
export type CartButtonModule = { default: ComponentType };
/** `./NewsletterPopup` of mfe-marketing. */
export type NewsletterPopupModule = { default: ComponentType };
/** `./PurchaseToast` of mfe-marketing. */
export type PurchaseToastModule = { default: ComponentType };
/**
 * `./NewsletterForm` of mfe-marketing: the newsletter form alone (the popup's content: the form, then the code
 * the database issued with a copy button), for the promo banner's dialog. A marketing remote built before it
 * lacks this module; the shell then shows a link instead.
 */
export type NewsletterFormModule = { default: ComponentType };
/**
 * `./CartSync` of mfe-catalog-cart: renders nothing; while mounted it keeps a signed-in customer's cart in the
 * backend (load and merge on sign-in, one save per change made in this tab, clear on sign-out). The shell mounts
 * it once; a catalogue remote built before it lacks this module and saves from its own CartButton instead.
 */
export type CartSyncModule = { default: ComponentType };

export interface RemoteContract {
  /** Federation name, also the first part of `loadRemote('name/expose')`. */
  name: string;
  exposes: Record<string, 'routes' | 'component'>;
}

export const remoteContracts = {
  marketing: {
    name: 'mfe_marketing',
    exposes: {
      './routes': 'routes',
      './NewsletterPopup': 'component',
      './PurchaseToast': 'component',
      './NewsletterForm': 'component',
    },
  },
  catalog: {
    name: 'mfe_catalog_cart',
    exposes: { './routes': 'routes', './CartButton': 'component', './CartSync': 'component' },
  },
  account: { name: 'mfe_account', exposes: { './routes': 'routes' } },
} as const satisfies Record<RemoteKey, RemoteContract>;

export type ExposedModules = {
  marketing: {
    './routes': RoutesModule;
    './NewsletterPopup': NewsletterPopupModule;
    './PurchaseToast': PurchaseToastModule;
    './NewsletterForm': NewsletterFormModule;
  };
  catalog: { './routes': RoutesModule; './CartButton': CartButtonModule; './CartSync': CartSyncModule };
  account: { './routes': RoutesModule };
};
