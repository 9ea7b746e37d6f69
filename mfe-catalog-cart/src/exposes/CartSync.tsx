// `./CartSync`: keeps a signed-in customer's cart in the backend while mounted, and renders nothing. The shell
// mounts it once for the whole site, so saving no longer depends on where the cart button is rendered.
import { useEffect } from 'react';
import { startCartSync } from '../features/cart/utils/cart-sync';

export default function CartSync() {
  useEffect(() => startCartSync(), []);
  return null;
}
