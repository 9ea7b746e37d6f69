import { mountStandalone } from 'shared-lib';
import routes from './exposes/routes';

void mountStandalone({ name: 'mfe-backoffice', routes });
