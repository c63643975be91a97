import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { listScenarios, loadScenario, scenariosDir } from '../../src/scenarios/load-scenario.js';
import { scenarioSchemas } from '../../src/scenarios/scenario-schema.js';

const AIS_15GB_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'esim-cli-scenarios-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}


describe('esim-sandbox scenarios --help', () => {
  it('is listed in the top-level help, with an example', async () => {
    const { exitCode, stdout } = await cli('--help');
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/esim-sandbox scenarios\s+List the built-in scenarios/);
    expect(stdout).toMatch(/Examples:\n(.*\n)*\s+esim-sandbox scenarios validate \.\/my-scenario\.json/);
  });

  it('lists list, show and validate with an example of each', async () => {
    const { exitCode, stdout } = await cli('scenarios', '--help');
    expect(exitCode).toBe(0);
    for (const command of ['list', 'show <scenario>', 'validate <files...>']) expect(stdout).toContain(`esim-sandbox scenarios ${command}`);
    expect(stdout).toMatch(/Examples:\n\s+esim-sandbox scenarios list\s.*\n\s+esim-sandbox scenarios show default\s.*\n\s+esim-sandbox scenarios validate /);
  });

  it.each(['list', 'show', 'validate'])('shows an example for scenarios %s', async (command) => {
    const { exitCode, stdout } = await cli('scenarios', command, '--help');
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(new RegExp(`Examples:\\n\\s+esim-sandbox scenarios ${command}`));
  });

  it.each([
    [['scenarios'], 'Give a scenarios command, for example: esim-sandbox scenarios list'],
    [['scenarios', 'remove'], 'Unknown argument: remove'],
    [['scenarios', 'show'], 'Not enough non-option arguments'],
    [['scenarios', 'validate'], 'Not enough non-option arguments'],
  ])('%j exits 1 saying what is missing', async (argv, message) => {
    const { exitCode, stdout, stderr } = await cli(...argv);
    expect(exitCode).toBe(1);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
  });
});

describe('esim-sandbox scenarios list', () => {
  it('prints the name and description of each built-in scenario, one a line', async () => {
    const { exitCode, stdout, stderr } = await cli('scenarios', 'list');
    expect(exitCode).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    const builtIns = listScenarios();
    expect(lines).toHaveLength(builtIns.length);
    builtIns.forEach(({ name, description }, index) => {
      expect(lines[index]).toMatch(new RegExp(`^${name} +`));
      expect(lines[index]!.endsWith(`  ${description}`)).toBe(true);
    });
    expect(lines.some((line) => /^default +Everything works/.test(line))).toBe(true);
  });
});

describe('esim-sandbox scenarios show', () => {
  it('prints a built-in scenario as loaded, as JSON', async () => {
    const { exitCode, stdout, stderr } = await cli('scenarios', 'show', 'default');
    expect(exitCode).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual(loadScenario('default'));
  });

  it('prints a scenario file after its extends, seeds and defaults', async () => {
    const file = write(
      'sold-out.json',
      JSON.stringify({ name: 'sold-out', description: 'default, AIS 15GB sold out', extends: 'default', products: [{ id: AIS_15GB_ID, inventory: 0 }] }),
    );
    const { exitCode, stdout } = await cli('scenarios', 'show', file);
    expect(exitCode).toBe(0);
    const shown = JSON.parse(stdout) as ReturnType<typeof loadScenario>;
    expect(shown.name).toBe('sold-out');
    expect(shown.products).toHaveLength(loadScenario('default').products.length);
    expect(shown.products.find((product) => product.id === AIS_15GB_ID)).toMatchObject({ inventory: 0, active: true });
    expect(shown.behavior.reusedResponse).toBe('full');
  });

  it('exits 1 with the loader message for an unknown scenario', async () => {
    const { exitCode, stdout, stderr } = await cli('scenarios', 'show', 'no-such-scenario');
    expect(exitCode).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^scenarios: no built-in scenario "no-such-scenario"; built-ins: .*default/);
  });
});

describe('esim-sandbox scenarios validate', () => {
  it('says ok for each valid file and exits 0', async () => {
    const builtIns = readdirSync(scenariosDir).filter((entry) => entry.endsWith('.json')).map((entry) => path.join(scenariosDir, entry));
    const { exitCode, stdout, stderr } = await cli('scenarios', 'validate', ...builtIns);
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(stdout).toBe(builtIns.map((file) => `ok ${file}\n`).join(''));
  });

  it('lists every problem of a broken file with its file, line, JSON path and what was expected, and exits 1', async () => {
    const good = write('good.json', JSON.stringify({ name: 'good', description: 'clamps limits', extends: 'default', behavior: { limitOutOfRange: 'clamp' } }));
    const broken = write(
      'broken.json',
      [
        '{',
        '  "name": "Low Balance",',
        '  "description": "a broken scenario",',
        '  "extends": "default",',
        '  "seed": "7",',
        '  "colour": "red",',
        `  "products": [{ "id": "${AIS_15GB_ID}", "inventory": -1 }]`,
        '}',
      ].join('\n'),
    );
    const { exitCode, stdout, stderr } = await cli('scenarios', 'validate', good, broken);
    expect(exitCode).toBe(1);
    expect(stdout).toBe(`ok ${good}\n`);
    expect(stderr).toBe(
      [
        `${broken}:2: /name: expected a kebab-case name, got "Low Balance"`,
        `${broken}:5: /seed: expected a number, got "7"`,
        `${broken}:7: /products/0/inventory: expected a number of at least 0, got -1`,
        `${broken}:1: unknown field "colour"; allowed fields: ${Object.keys(scenarioSchemas().scenarioFile.shape).join(', ')}`,
        '',
      ].join('\n'),
    );
  });

  it('refuses a file that gives one id twice, where the merge would have kept one silently, and exits 1', async () => {
    const file = write(
      'twice.json',
      JSON.stringify(
        { name: 'twice', description: 'AIS 15GB twice', extends: 'default', products: [{ id: AIS_15GB_ID, inventory: 0 }, { id: AIS_15GB_ID, inventory: 9 }] },
        null,
        2,
      ),
    );
    const { exitCode, stdout, stderr } = await cli('scenarios', 'validate', file);
    expect(exitCode).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `${file}:11: /products/1/id: duplicate id "${AIS_15GB_ID}", already used by /products/0; give it another id, or merge the two into one entry\n`,
    );
  });

  it('reports a missing file and a file that is not JSON the same way, without a stack trace', async () => {
    const missing = path.join(dir, 'missing.json');
    const notJson = write('not-json.json', '{ "name": "x", }');
    const { exitCode, stdout, stderr } = await cli('scenarios', 'validate', missing, notJson);
    expect(exitCode).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `${missing}: file does not exist\n` +
        `${notJson}: invalid JSON at line 1, column 16: expected a double-quoted property name, got '}'\n`,
    );
  });

  it('names the file as it was given on the command line', async () => {
    write('relative.json', '{ "name": "relative" }');
    const given = path.relative(process.cwd(), path.join(dir, 'relative.json'));
    const { exitCode, stderr } = await cli('scenarios', 'validate', given);
    expect(exitCode).toBe(1);
    expect(stderr).toBe(`${given}:1: /description: required field is missing; expected a string\n`);
  });
});
