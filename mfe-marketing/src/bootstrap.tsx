import { mountStandalone } from 'shared-lib';
import NewsletterPopup from './exposes/NewsletterPopup';
import PurchaseToast from './exposes/PurchaseToast';
import routes from './exposes/routes';

void mountStandalone({ name: 'mfe-marketing', routes, widgets: [NewsletterPopup, PurchaseToast] });
