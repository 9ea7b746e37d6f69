// Federation runtime plugin: a remote that cannot be fetched or evaluated is reported once, clearly, and the
// error is passed on so the route's error boundary shows the 'temporarily unavailable' panel.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export default function storefrontRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-remote-errors',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] could not load ${id} (${lifecycle}):`, error);
      return undefined;
    },
  };
}
