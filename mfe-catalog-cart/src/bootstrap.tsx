import { mountStandalone } from 'shared-lib';
import CartButton from './exposes/CartButton';
import routes from './exposes/routes';

void mountStandalone({ name: 'mfe-catalog-cart', routes, widgets: [CartButton] });
