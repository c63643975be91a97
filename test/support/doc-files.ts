import { readdirSync } from 'node:fs';
import path from 'node:path';

export const docsRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The README and the docs, in the order their runnable blocks run against one server: a block sees what the
 * blocks before it did (an order placed by the README, then read from Python; sessions made by the admin API's
 * examples before the parallel tests' ones).
 */
export const DOC_FILES = [
  'README.md',
  'docs/python.md',
  'docs/api.md',
  'docs/server.md',
  'docs/testing.md',
  'docs/scenarios.md',
  'docs/readiness.md',
  'docs/verify-record.md',
  'docs/command-line.md',
  'docs/performance.md',
  'docs/development.md',
  'docs/proxy.md',
];

/** The Markdown files of docs/ as they are on disk, for a test that every one is in `DOC_FILES`. */
export function docsOnDisk(): string[] {
  return readdirSync(path.join(docsRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
}
