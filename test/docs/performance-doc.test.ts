import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchBlockOf, performanceBlock } from '../../bench/performance-doc.ts';
import type { BenchResults } from '../../bench/report.ts';
import { DOC_FILES, docsRoot } from '../support/doc-files.js';

const read = (file: string) => readFileSync(path.join(docsRoot, file), 'utf8');

describe('docs/performance.md', () => {
  it('shows the tables of bench/results/latest.json, as npm run docs:performance writes them', () => {
    const results = JSON.parse(read('bench/results/latest.json')) as BenchResults;
    expect(benchBlockOf(read('docs/performance.md')), 'docs/performance.md is out of date: run npm run docs:performance').toBe(performanceBlock(results));
  });

  it('is the only place of the docs with bench figures: no other file shows a latency or a throughput', () => {
    // A latency in µs, a throughput, or an overhead in per cent: what the bench measures (a scenario's configured
    // latency in ms is not a figure of the bench).
    const figure = /\d[\d,.]*\s*(?:µs|req\/s)|~\d+(?:[–-]\d+)?\s*%|\d+[–-]\d+\s*%/;
    const withFigures = DOC_FILES.filter((file) => file !== 'docs/performance.md').flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => (figure.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 100)}`] : [])),
    );
    expect(withFigures).toEqual([]);
  });

  it('keeps the README short: 300 lines at most, the rest in docs/', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
  });
});
