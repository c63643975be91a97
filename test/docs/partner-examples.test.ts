import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_FILES } from '../support/doc-files.js';

/**
 * The README's partner examples are the files the partner matrix runs (`npm run test:partners`): a README
 * block whose info string names one, `ts partner=vitest-msw3/orders.test.ts`, must be that file as it is.
 */
const root = path.resolve(import.meta.dirname, '../..');
const partners = path.join(root, 'test/partners');

function partnerBlocks(markdown: string): { line: number; file: string; code: string }[] {
  const blocks: { line: number; file: string; code: string }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const file = /^```\S*\s.*\bpartner=(\S+)/.exec(lines[i]!)?.[1];
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    if (file !== undefined) blocks.push({ line: i + 1, file, code: lines.slice(i + 1, end).join('\n') });
    if (/^```/.test(lines[i]!)) i = end;
  }
  return blocks;
}

describe('the partner examples', () => {
  it('each block of the docs marked partner=<set-up>/<file> is that file of test/partners', () => {
    const blocks = DOC_FILES.flatMap((doc) => partnerBlocks(readFileSync(path.join(root, doc), 'utf8')).map((block) => ({ ...block, doc })));
    expect(blocks.map((block) => block.file).sort()).toEqual(['jest-msw2/orders.test.js', 'node-test-msw3/orders.test.ts', 'vitest-msw3/orders.test.ts']);
    for (const block of blocks) {
      const fixture = readFileSync(path.join(partners, block.file), 'utf8');
      expect(`${block.code}\n`, `${block.doc} line ${block.line} differs from test/partners/${block.file}: copy the file into the block`).toBe(fixture);
    }
  });

  it('runs the same vitest file on msw 3 and on msw 2', () => {
    // The msw 2 set-up brings the msw 3 set-up's test files (`testsOf`, scripts/test-partners.ts): none of its own to drift.
    const manifest = JSON.parse(readFileSync(path.join(partners, 'vitest-msw2-node22', 'package.json'), 'utf8')) as { testsOf?: string };
    expect(manifest.testsOf).toBe('vitest-msw3');
    expect(readdirSync(path.join(partners, 'vitest-msw2-node22')).filter((name) => name.endsWith('.test.ts'))).toEqual([]);
    expect(readdirSync(path.join(partners, 'vitest-msw3')).filter((name) => name.endsWith('.test.ts')).length).toBeGreaterThan(0);
  });
});
