#!/usr/bin/env node
import module from 'node:module';

// Node's compile cache spares re-parsing the bundled program on every start.
module.enableCompileCache?.();
const { main } = await import('../dist/bin/main.js');
await main(process.argv);
