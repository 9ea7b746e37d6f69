// What this remote's build exposes (federation.json) keeps the shape the shell expects (shared-lib/src/contracts).
import { describeRemoteContract } from 'shared-lib/testing';
import federation from '../../../federation.json';

describeRemoteContract('catalog', federation, (file) => import(`../../../${file}`));
