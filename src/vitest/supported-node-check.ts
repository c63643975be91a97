import { unsupportedNodeMessage } from '../lib/supported-node.js';

// Imported first by the entry. On Node 20 vitest 5 runs a file, then crashes printing its failure
// (`Map.groupBy is not a function`, in its reporter), so the error thrown here would never be shown: the line is
// written to stderr first, where it appears above vitest's crash.
const refused = unsupportedNodeMessage(process.versions.node, 'esim-wholesale-sandbox/vitest (and vitest 5)');
if (refused !== undefined) {
  process.stderr.write(`\n[esim-wholesale-sandbox] ${refused}\n\n`);
  throw new Error(refused);
}
