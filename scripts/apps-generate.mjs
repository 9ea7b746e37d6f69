#!/usr/bin/env node
// `npm run apps:generate`: rewrites the lists of the remotes that must be files (tools/webpack/app-lists.js) from
// the descriptors, after a remote is added, renamed or removed.
import { writeAppLists } from '../tools/webpack/app-lists.js';

const changed = writeAppLists();
console.log(changed.length ? `wrote ${changed.join(', ')}` : "the remotes' lists are up to date");
