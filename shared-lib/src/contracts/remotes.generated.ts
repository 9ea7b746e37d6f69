// Written by `npm run apps:generate` from the remotes' descriptors (tools/webpack/app-lists.js): do not edit.
import account from '../../../mfe-account/federation.json';
import backoffice from '../../../mfe-backoffice/federation.json';
import catalog from '../../../mfe-catalog-cart/federation.json';
import marketing from '../../../mfe-marketing/federation.json';

/**
 * Each remote's descriptor under its key in config.json (the same as the descriptor's `remote`, which its contract
 * test checks): `scope` is the federation name, the first part of `loadRemote('scope/expose')`.
 */
export const remoteDescriptors = { account, backoffice, catalog, marketing };
