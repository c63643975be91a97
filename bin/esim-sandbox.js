#!/usr/bin/env node
import module from 'node:module';
import { unsupportedNodeMessage } from '../dist/lib/supported-node.js';

const refused = unsupportedNodeMessage(process.versions.node, 'esim-sandbox');
if (refused !== undefined) {
  process.stderr.write(`${refused}\n`);
  process.exit(1);
}

// Node's compile cache, for the entry; the program behind it keeps a code cache of its own (src/cli/load-program.ts).
module.enableCompileCache?.();
const { main } = await import('../dist/bin/main.js');
await main(process.argv);
