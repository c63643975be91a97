import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../support/source-files.js';

const src = SRC;

/** Name → the files of src/ that declare and export it. */
function exportedNames(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^export (?:async )?(?:function|interface|type|const|class) ([A-Za-z_$][\w$]*)/gm)) {
      names.set(match[1]!, [...(names.get(match[1]!) ?? []), path.relative(src, file)]);
    }
  }
  return names;
}

describe('one vocabulary in src/', () => {
  it('declares each exported name once, but the public createSandbox of the msw entry over the core one', () => {
    const twice = [...exportedNames()].filter(([name, files]) => files.length > 1 && name !== 'createSandbox');
    expect(twice).toEqual([]);
  });

  it('has one answer type, and one way to describe a value and to count things in a message', () => {
    const names = exportedNames();
    expect(names.get('Answer')).toEqual(['api/outcome.ts']);
    expect(names.get('describeValue')).toEqual(['lib/json-preview.ts']);
    expect(names.get('count')).toEqual(['lib/count.ts']);
    expect(names.get('preview')).toBeUndefined();
  });
});
