import { unsupportedNodeMessage } from '../lib/supported-node.js';

// Imported first by the entry: vitest 5 itself fails on an older Node with a message that does not say why.
const refused = unsupportedNodeMessage(process.versions.node, 'esim-wholesale-sandbox/vitest (and vitest 5)');
if (refused !== undefined) throw new Error(refused);
