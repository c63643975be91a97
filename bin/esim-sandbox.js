#!/usr/bin/env node
import module from 'node:module';

// Node's compile cache, for the entry; the program behind it keeps a code cache of its own (src/cli/load-program.ts).
module.enableCompileCache?.();
const { main } = await import('../dist/bin/main.js');
await main(process.argv);
