// Writes the option list of `esim-sandbox serve` (and of startServer/createSandbox, the same options) into the
// docs, from the options table. Run it with `npm run docs:options`, which builds first: the script imports the
// compiled modules because Node does not resolve the sources' `.js` imports to `.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { SERVE_OPTIONS } from '../dist/cli/serve-command.js';
import { optionsMarkdown, withOptionsBlock } from '../dist/lib/options/options-markdown.js';

const file = new URL(`../${process.argv[2] ?? 'README.md'}`, import.meta.url);
writeFileSync(file, withOptionsBlock(readFileSync(file, 'utf8'), 'serve', optionsMarkdown(SERVE_OPTIONS)));
console.log(`wrote the serve options into ${file.pathname}`);
