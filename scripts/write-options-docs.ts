// Writes the option lists of `esim-sandbox serve` (the options of startServer and createSandbox too) and of
// `verify`/`record` into the docs, from the options tables. Run it with `npm run docs:options`, which builds
// first: the script imports the compiled modules because Node does not resolve the sources' `.js` imports to `.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { OPTION_LISTS } from '../dist/cli/run.js';
import { optionsMarkdown, withOptionsBlock } from '../dist/lib/options/options-markdown.js';

const file = new URL(`../${process.argv[2] ?? 'docs/command-line.md'}`, import.meta.url);
let text = readFileSync(file, 'utf8');
for (const [name, table] of Object.entries(OPTION_LISTS)) text = withOptionsBlock(text, name, optionsMarkdown(table));
writeFileSync(file, text);
console.log(`wrote the options of ${Object.keys(OPTION_LISTS).join(', ')} into ${file.pathname}`);
