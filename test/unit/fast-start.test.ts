import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteEsToolkitImports } from '../../src/cli/fast-start.js';

const require = createRequire(import.meta.url);
const esToolkit = path.dirname(require.resolve('es-toolkit/package.json'));

describe('fast start of the esim-sandbox process', () => {
  it("rewrites @msw/data's barrel imports of es-toolkit to one module per function", () => {
    const source = [
      'import { get, set, unset } from "es-toolkit/compat";',
      'import { isEqual, isPlainObject as plain } from "es-toolkit";',
      'import { create } from "mutative";',
    ].join('\n');
    expect(rewriteEsToolkitImports(source, esToolkit)).toBe(
      [
        'import get from "es-toolkit/compat/get";',
        'import set from "es-toolkit/compat/set";',
        'import unset from "es-toolkit/compat/unset";',
        'import { isEqual as isEqual } from "es-toolkit/predicate/isEqual";',
        'import { isPlainObject as plain } from "es-toolkit/predicate/isPlainObject";',
        'import { create } from "mutative";',
      ].join('\n'),
    );
  });

  it('leaves a statement as it is when it cannot place every name in it', () => {
    const source = 'import { get, noSuchHelper } from "es-toolkit/compat";\nimport { isEqual, alsoMissing } from "es-toolkit";';
    expect(rewriteEsToolkitImports(source, esToolkit)).toBe(source);
    expect(rewriteEsToolkitImports(source, undefined)).toBe(source);
  });

  it("still finds the imports @msw/data makes today (a new version would only lose the speed-up)", () => {
    const dataDir = path.dirname(require.resolve('@msw/data'));
    const files = ['collection', 'index'].map((name) => path.join(dataDir, `${name}.mjs`));
    const chunk = readFileSync(files[0]!, 'utf8');
    const target = /from "\.\/(collection-[\w-]+\.mjs)"/.exec(chunk)?.[1];
    const source = readFileSync(target ? path.join(dataDir, target) : files[0]!, 'utf8');
    const rewritten = rewriteEsToolkitImports(source, esToolkit);
    expect(rewritten).not.toMatch(/from "es-toolkit(\/compat)?";/);
  });
});
