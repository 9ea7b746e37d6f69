// The checkout's forms (the discount code and the billing details) share one toast group: a later toast of either
// replaces an earlier one, and once the order is placed the page dismisses them all, so no word about the form
// stays over the confirmation (#45.3).
import { useToastStore } from 'shared-lib';

export const CHECKOUT_TOASTS = 'checkout';

export const dismissCheckoutToasts = () => useToastStore.getState().dismissGroup(CHECKOUT_TOASTS);
