import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('dependencies that decide bytes', () => {
  it('pins every runtime dependency to an exact version, so a partner install gets the golden bytes', () => {
    const loose = Object.entries(manifest.dependencies).filter(([, range]) => !/^\d+\.\d+\.\d+$/.test(range));
    expect(loose).toEqual([]);
  });
});
