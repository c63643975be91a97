#!/usr/bin/env node
import { enableFastStart } from '../dist/cli/fast-start.js';

// Before anything else is loaded: the compile cache, and lighter imports for a dependency (see fast-start.ts).
enableFastStart();
const { main } = await import('../dist/cli/main.js');
await main(process.argv);
