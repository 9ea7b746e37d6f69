// What this remote's build exposes (its descriptor, federation.json) keeps the shape the shell is typed against
// (shared-lib/src/contracts), and its README names its features and exposed modules.
import { describeRemoteContract } from 'shared-lib/testing';

describeRemoteContract('marketing', (file) => import(`../../../${file}`));
