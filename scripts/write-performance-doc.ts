// Writes the bench's tables into docs/performance.md from bench/results/latest.json, so that no figure there is
// typed by hand. `npm run bench` runs it after writing the results; `npm run docs:performance` alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { performanceBlock, withBenchBlock } from '../bench/performance-doc.ts';

const results = JSON.parse(readFileSync(new URL('../bench/results/latest.json', import.meta.url), 'utf8'));
const file = new URL('../docs/performance.md', import.meta.url);
writeFileSync(file, withBenchBlock(readFileSync(file, 'utf8'), performanceBlock(results)));
console.log('wrote the bench results into docs/performance.md');
