import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../support/source-files.js';

const src = SRC;

/**
 * Layers point one way, from the command line (and the verify client it runs) down to the general helpers;
 * a module may import its own layer or one below it. `contract` is the API's contract as data (the
 * calls' names, scopes, request limits, query fields, the types generated from the OpenAPI document), read by the
 * calls, the document and the scenario schema alike; the calls themselves (src/api/calls) are in `api`. `client` is the HTTP reader of the commands that read from a server
 * (bounded in size and time, no redirect followed), on general helpers only. `src/sandbox.ts` and `src/types.ts` are the sandbox layer;
 * `src/index.ts` is the public entry point and may import any layer but the adapters.
 */
const LAYERS = ['cli', 'proxy', 'verify', 'server', 'vitest', 'msw', 'admin', 'sessions', 'sandbox', 'api', 'openapi', 'domain', 'state', 'scenarios', 'contract', 'client', 'lib'];
const ADAPTERS = new Set(['cli', 'server', 'vitest', 'msw']);

function layerOf(file: string): string {
  const relative = path.relative(src, file).split(path.sep);
  return relative.length === 1 ? 'sandbox' : relative[0]!;
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => path.resolve(path.dirname(file), match[1]!));
}

describe('layers of src/', () => {
  it('imports only its own layer or lower ones', () => {
    const upward: string[] = [];
    for (const file of sourceFiles(src)) {
      const from = layerOf(file);
      for (const target of relativeImports(file)) {
        const to = layerOf(target);
        const allowed = file === path.join(src, 'index.ts') ? !ADAPTERS.has(to) : LAYERS.indexOf(to) >= LAYERS.indexOf(from);
        if (!allowed) upward.push(`${path.relative(src, file)} → ${path.relative(src, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('is the order docs/development.md gives in "The rooms"', () => {
    const page = readFileSync(path.join(src, '..', 'docs', 'development.md'), 'utf8');
    const written = /<!-- layers -->\n(.*)\n<!-- \/layers -->/.exec(page)?.[1];
    expect(written, 'docs/development.md lists the layers between <!-- layers --> markers').toBe(LAYERS.map((layer) => `\`${layer}\``).join(' → '));
  });

  it('keeps lib/ free of the project: general helpers import nothing of ours outside lib/', () => {
    const inward = sourceFiles(path.join(src, 'lib')).flatMap((file) =>
      relativeImports(file)
        .filter((target) => layerOf(target) !== 'lib')
        .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
    );
    expect(inward).toEqual([]);
  });
});
