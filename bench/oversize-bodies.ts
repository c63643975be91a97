// node bench/oversize-bodies.ts [--attempts 150] [--cpu-load]
// (or `npm run bench -- --sections oversize [--quick]`, which runs both with and without CPU load)
// POSTs bodies over createOrder's 1 MiB limit (2 MiB, 10 MiB, 10 MiB chunked) to `esim-sandbox serve` with
// Node's fetch and with curl, each attempt on a new connection, and prints how many attempts did not read
// the 413 envelope (a reset connection, EPIPE). With --cpu-load it runs again beside two processes that keep
// a core busy each. Needs a build (`npm run build`) and curl on the PATH.
import { parseArgs } from 'node:util';
import { oversizeTable } from './report.ts';
import { measureOversizeBodies } from './sections/oversize-bodies.ts';

const { values } = parseArgs({ options: { attempts: { type: 'string', default: '150' }, 'cpu-load': { type: 'boolean', default: false } } });
const attempts = Number(values.attempts);
if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`--attempts must be a whole number above 0 (got ${values.attempts})`);

const cases = await measureOversizeBodies(attempts, false);
if (values['cpu-load']) cases.push(...(await measureOversizeBodies(attempts, true)));
process.stdout.write(`${oversizeTable(cases)}\n`);
process.exitCode = cases.some((row) => row.errors > 0) ? 1 : 0;
