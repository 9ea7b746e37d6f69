// What this remote's build exposes (its descriptor, federation.json) keeps the shape the shell is typed against
// (shared-lib/src/contracts).
import { describeRemoteContract } from 'shared-lib/testing';

describeRemoteContract('marketing', (file) => import(`../../../${file}`));
