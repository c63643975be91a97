import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKED_AT_BUILD, checkedBuiltInFile, readCheckedBuiltIn } from '../../src/scenarios/checked-built-ins.js';
import { checkedBuiltInText, loadScenario, projectRoot } from '../../src/scenarios/load-scenario.js';
import { builtFile } from '../support/built-package.js';

describe('built-in scenarios checked at build time (dist/bin/checked-scenarios, written by the build)', () => {
  let root: string | undefined;
  afterEach(() => root && rmSync(root, { recursive: true, force: true }));

  it.each(CHECKED_AT_BUILD)('ships %s as the checks produce it now, with the files it is made of, byte for byte', (name) => {
    const shipped = readFileSync(builtFile(path.relative(projectRoot, checkedBuiltInFile('dist/bin', name))), 'utf8');
    expect(shipped).toBe(checkedBuiltInText(name));
    expect(Object.keys(JSON.parse(shipped).inputs)).toEqual(['scenarios/default.json', 'seeds/catalog.json', 'seeds/partner-account.json']);
  });

  it.each(CHECKED_AT_BUILD)('gives back from the shipped form of %s the very scenario the checks produce: same values, same keys, same order', (name) => {
    const { scenario } = JSON.parse(readFileSync(builtFile(path.relative(projectRoot, checkedBuiltInFile('dist/bin', name))), 'utf8'));
    const checked = loadScenario(name);
    expect(scenario).toStrictEqual(checked);
    expect(JSON.stringify(scenario)).toBe(JSON.stringify(checked));
  });

  /** A package folder with the files of `default` and, in `program/`, its checked form: where readCheckedBuiltIn looks. */
  function packageWithCheckedDefault(): { program: string; root: string } {
    root = mkdtempSync(path.join(tmpdir(), 'esim-checked-'));
    for (const folder of ['scenarios', 'seeds']) cpSync(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
    const program = path.join(root, 'program');
    const file = checkedBuiltInFile(program, 'default');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, checkedBuiltInText('default'));
    return { program, root };
  }

  it('is taken while every file it was made of is as it was, and passed over once one is edited or gone', () => {
    const made = packageWithCheckedDefault();
    expect(readCheckedBuiltIn('default', made.program, made.root)).toStrictEqual(loadScenario('default'));

    const seed = path.join(made.root, 'seeds/partner-account.json');
    const text = readFileSync(seed, 'utf8');
    writeFileSync(seed, text.replace('Siam Journey Travel', 'Siam Journey Tours'));
    expect(readCheckedBuiltIn('default', made.program, made.root)).toBeUndefined();
    writeFileSync(seed, text);
    expect(readCheckedBuiltIn('default', made.program, made.root)).toBeDefined();
    rmSync(path.join(made.root, 'scenarios/default.json'));
    expect(readCheckedBuiltIn('default', made.program, made.root)).toBeUndefined();
  });

  it('is looked for only beside the bundled program, and only for the scenarios the build checks', () => {
    const made = packageWithCheckedDefault();
    expect(readCheckedBuiltIn('default', path.join(made.root, 'elsewhere'), made.root)).toBeUndefined();
    writeFileSync(checkedBuiltInFile(made.program, 'low-balance'), checkedBuiltInText('default'));
    expect(readCheckedBuiltIn('low-balance', made.program, made.root)).toBeUndefined();
    // The sources (and the library's modules in dist/) have none: they check every scenario they load.
    expect(readCheckedBuiltIn('default')).toBeUndefined();
  });
});
