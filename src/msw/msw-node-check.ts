import { createRequire } from 'node:module';
import { unsupportedNodeMessage } from '../lib/supported-node.js';

// Imported first by the msw entry. msw 3 needs Node 22.12 too, and on an older Node it fails at the first request
// it intercepts (`Promise.withResolvers is not a function`), far from the cause; msw 2 runs there. The line is
// written to stderr and thrown, before msw is loaded.
const mswVersion = (createRequire(import.meta.url)('msw/package.json') as { version: string }).version;
const refused = Number(mswVersion.split('.')[0]) >= 3 ? unsupportedNodeMessage(process.versions.node, `msw ${mswVersion}`) : undefined;
if (refused !== undefined) {
  const message = `${refused}; or stay on this Node with msw 2 (npm install --save-dev msw@2), which the sandbox also runs with`;
  process.stderr.write(`\n[esim-wholesale-sandbox] ${message}\n\n`);
  throw new Error(message);
}
