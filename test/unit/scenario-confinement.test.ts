import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, listScenarios, loadScenario, type SandboxState } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { json, type Envelope } from '../support/json.js';
import { bin, serveProcess, type ServeProcess } from '../support/serve-process.js';

const AIS_15GB_ID = 'efd8480e-2903-458b-8ce3-156f0418df70';
const CAP = 65_536;

/** The part of an admin answer (health, scenario, session) that names the scenario loaded. */
interface Loaded {
  scenario: string;
}

let base: string;
let dir: string;
/** The scenario dir as given on the command line: relative to the working directory. */
let given: string;

function write(file: string, content: object | string): string {
  const absolute = path.join(base, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return absolute;
}

function fifo(file: string): string {
  const absolute = path.join(base, file);
  execFileSync('mkfifo', [absolute]);
  return absolute;
}

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'esim-confinement-'));
  dir = path.join(base, 'scenarios');
  given = path.relative(process.cwd(), dir);
  write('scenarios/mine.json', { name: 'mine', description: 'default, AIS 15GB sold out', extends: 'default', products: [{ id: AIS_15GB_ID, inventory: 0 }] });
  write('scenarios/team/base.json', { name: 'team-base', description: 'default with 5 of everything', extends: 'default', inventory: { '*': 5 } });
  write('scenarios/team/nested.json', { name: 'nested', description: 'team-base, by a path from its own dir', extends: './base.json' });
  write('scenarios/team/sibling.json', { name: 'sibling', description: 'nested, by a path from its own dir', extends: 'nested.json' });
  write('scenarios/broken.json', '{\n  "name": "broken",\n  "seed": "7",\n  "description": "x"\n}\n');
  write('outside/secret.json', { name: 'secret', description: 'a scenario outside the scenario dir', extends: 'default' });
  fifo('scenarios/fifo.json');
  fifo('outside/pipe.json');
  symlinkSync(path.join(base, 'outside/secret.json'), path.join(dir, 'escape.json'));
  symlinkSync(path.join(base, 'outside'), path.join(dir, 'linked-dir'));
  symlinkSync(path.join(dir, 'mine.json'), path.join(dir, 'inner-link.json'));
  write('scenarios/big.json', '');
  truncateSync(path.join(dir, 'big.json'), 1024 * 1024);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function inline(fields: Record<string, unknown>) {
  return { name: 'probe', description: 'an inline scenario', ...fields };
}

/** The message every refused path gets, with the path given. */
function refusal(reference: string, dirs = given): string {
  return (
    `no scenario file ${JSON.stringify(reference)} that this server may load: over HTTP a scenario is a built-in name ` +
    `or a .json file inside a scenario dir (${dirs}), given by its path inside that dir without ".."; ` +
    'use a built-in name or a file inside a --scenario-dir'
  );
}

describe('scenario files over the admin API of `serve --scenario-dir`', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await serveProcess('--scenario-dir', given, '--max-scenario-bytes', String(CAP));
  });
  afterAll(() => server.stop());

  async function admin<Data = unknown>(method: string, route: string, body?: unknown) {
    const started = performance.now();
    const response = await fetch(new URL(`/__sandbox${route}`, server.url), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    return { status: response.status, json: await json<Envelope<Data>>(response), ms: performance.now() - started };
  }

  async function scenarioNow(): Promise<string> {
    return (await admin<Loaded>('GET', '/health')).json.data!.scenario;
  }

  it('loads a file inside the dir by name, by its path inside the dir, and through a symlink that stays inside', async () => {
    const cases = [
      ['mine', 'mine', 0],
      ['team/nested.json', 'nested', 5],
      ['team/sibling.json', 'sibling', 5],
      ['inner-link.json', 'mine', 0],
    ] as const;
    for (const [name, loaded, aisInventory] of cases) {
      const { status, json } = await admin<Loaded>('POST', '/scenario', { name });
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.data?.scenario).toBe(loaded);
      const { products } = (await admin<SandboxState>('GET', '/state')).json.data!;
      expect(products.find((product) => product.id === AIS_15GB_ID)?.inventory).toBe(aisInventory);
    }
  });

  it('reads a name in a file as a built-in, as it is read locally', async () => {
    write('scenarios/by-name.json', { name: 'by-name', description: 'extends a file by its bare name', extends: 'mine' });
    const { status, json } = await admin('POST', '/scenario', { name: 'by-name.json' });
    expect(status).toBe(400);
    expect(json.error?.message).toContain(`${given}/by-name.json:4: /extends: no built-in scenario "mine"; built-ins: `);
  });

  it('follows an inline extends into the dir, for the main sandbox and for a session', async () => {
    expect((await admin<Loaded>('POST', '/scenario', { scenario: inline({ extends: 'team/nested.json' }) })).json.data?.scenario).toBe('probe');
    const session = await admin<Loaded>('POST', '/sessions', { scenario: 'mine' });
    expect(session.status).toBe(200);
    expect(session.json.data?.scenario).toBe('mine');
    const inlineSession = await admin<Loaded>('POST', '/sessions', { scenario: inline({ extends: 'mine' }) });
    expect(inlineSession.json.data?.scenario).toBe('probe');
  });

  it('names a broken file in the dir by the dir as given, with the line and path', async () => {
    const { status, json } = await admin('POST', '/scenario', { name: 'broken' });
    expect(status).toBe(400);
    expect(json.error?.message).toBe(`${given}/broken.json:3: /seed: expected a number, got "7"`);
  });

  it('answers an extends of a FIFO at once with 400, inside the dir or out of it, and keeps serving', async () => {
    for (const reference of ['fifo.json', path.join(base, 'outside/pipe.json'), '/dev/stdin']) {
      const { status, json, ms } = await admin('POST', '/scenario', { scenario: inline({ extends: reference }) });
      expect(status).toBe(400);
      expect(json.error?.message).toBe(`<inline>: /extends: ${refusal(reference)}`);
      expect(ms).toBeLessThan(2000);
    }
    const byName = await admin('POST', '/sessions', { scenario: 'fifo.json' });
    expect(byName.status).toBe(400);
    expect((await admin('GET', '/health')).status).toBe(200);
  });

  it('refuses every path outside the dir with one message that tells nothing of the file', async () => {
    const references = [
      '/etc/passwd',
      '/etc/shadow',
      '/etc/no-such-file.json',
      '/dev/zero',
      path.join(base, 'outside/secret.json'),
      '../outside/secret.json',
      'team/../mine.json',
      'escape.json',
      'linked-dir/secret.json',
      'no-such-file.json',
      'team/readme.txt',
    ];
    for (const reference of references) {
      const { status, json } = await admin('POST', '/scenario', { scenario: inline({ extends: reference }) });
      expect(status, reference).toBe(400);
      expect(json.error?.message).toBe(`<inline>: /extends: ${refusal(reference)}`);
    }
    const { json } = await admin('POST', '/scenario', { name: '/etc/passwd' });
    expect(json.error?.message).toBe(`scenarios: ${refusal('/etc/passwd')}`);
  });

  it('names a missing name by the built-ins and the dir', async () => {
    const { status, json } = await admin('POST', '/scenario', { name: 'nope' });
    expect(status).toBe(400);
    expect(json.error?.message).toBe(
      `scenarios: no built-in scenario "nope" and no "nope.json" in a scenario dir (${given}); ` +
        `built-ins: ${listScenarios().map((scenario) => scenario.name).join(', ')}; use a built-in name or a file inside a --scenario-dir`,
    );
  });

  it('refuses a file over --max-scenario-bytes without reading it', async () => {
    const { status, json } = await admin('POST', '/scenario', { name: 'big.json' });
    expect(status).toBe(400);
    expect(json.error?.message).toBe(
      `${given}/big.json: the file has 1048576 bytes, more than the ${CAP} a scenario file may have; ` +
        'make it smaller, or raise the cap (maxScenarioBytes, serve --max-scenario-bytes)',
    );
  });

  it('changes nothing when it refuses', async () => {
    await admin('POST', '/scenario', { name: 'mine' });
    const before = (await admin('GET', '/state')).json.data;
    const sessions = (await admin('GET', '/sessions')).json.data;
    for (const body of [{ name: '/etc/passwd' }, { name: 'escape.json' }, { scenario: inline({ extends: 'fifo.json' }) }]) {
      expect((await admin('POST', '/scenario', body)).status).toBe(400);
    }
    expect((await admin('POST', '/sessions', { scenario: '/etc/passwd' })).status).toBe(400);
    expect(await scenarioNow()).toBe('mine');
    expect((await admin('GET', '/state')).json.data).toEqual(before);
    expect((await admin('GET', '/sessions')).json.data).toEqual(sessions);
  });
});

describe('the admin API without a scenario dir', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  async function useScenario(body: unknown) {
    const response = await fetch(`${server.origin}/__sandbox/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await json(response) };
  }

  it('loads built-in names only, and says how to allow files', async () => {
    const file = write('plain.json', { name: 'plain', description: 'a readable file', extends: 'default' });
    const { status, json } = await useScenario({ name: file });
    expect(status).toBe(400);
    expect(json.error?.message).toBe(`scenarios: ${refusal(file, 'none: the server was started without --scenario-dir')}`);
    expect((await useScenario({ name: 'nope' })).json.error?.message).toMatch(
      /^scenarios: no built-in scenario "nope"; built-ins: .*; use a built-in name or a file inside a --scenario-dir \(none was given\)$/,
    );
    expect((await useScenario({ name: 'low-balance' })).status).toBe(200);
    expect(server.sandbox.scenario.name).toBe('low-balance');
  });

  it('takes its directories from startServer({ scenarioDirs }) and refuses one that is not there', async () => {
    const withDir = await startServer({ port: 0, scenarioDirs: [dir] });
    try {
      const response = await fetch(`${withDir.origin}/__sandbox/scenario`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'mine' }),
      });
      expect(response.status).toBe(200);
      expect(withDir.sandbox.scenario.name).toBe('mine');
    } finally {
      await withDir.close();
    }
    await expect(startServer({ port: 0, scenarioDirs: [path.join(base, 'nowhere')] })).rejects.toThrow(
      `scenario dir "${path.join(base, 'nowhere')}" does not exist; pass --scenario-dir a directory of scenario JSON files`,
    );
  });
});

describe('local scenario files (CLI --scenario, createSandbox, useScenario)', () => {
  it('still loads a file by any local path, and its extends', async () => {
    const outside = path.join(base, 'outside/secret.json');
    expect(createSandbox({ scenario: outside }).scenario.name).toBe('secret');
    const sandbox = createSandbox();
    await sandbox.useScenario(path.join(dir, 'team/sibling.json'));
    expect(sandbox.scenario.name).toBe('sibling');
  });

  it.each([
    ['a FIFO', () => path.join(dir, 'fifo.json'), 'a FIFO (named pipe)'],
    ['/dev/zero', () => '/dev/zero', 'a character device'],
  ])('refuses %s at once instead of reading it', (_title, file, kind) => {
    const validate = spawnSync(process.execPath, [bin, 'scenarios', 'validate', file()], { encoding: 'utf8', timeout: 10_000 });
    expect(validate.status).toBe(1);
    expect(validate.stderr).toBe(`${file()}: the path is ${kind}, not a regular file; give the path of a scenario JSON file\n`);
    const serve = spawnSync(process.execPath, [bin, 'serve', '--port', '0', '--scenario', file()], { encoding: 'utf8', timeout: 10_000 });
    expect(serve.status).toBe(1);
    expect(serve.stderr).toContain(`the path is ${kind}, not a regular file`);
  });

  it('refuses a file over maxScenarioBytes before reading it', () => {
    const file = path.join(base, 'outside/secret.json');
    expect(() => createSandbox({ scenario: file, maxScenarioBytes: 100 })).toThrow(
      /: the file has \d+ bytes, more than the 100 a scenario file may have; make it smaller, or raise the cap/,
    );
    const sparse = write('outside/sparse.json', '');
    truncateSync(sparse, 64 * 1024 * 1024);
    expect(() => loadScenario(sparse)).toThrow(`${sparse}: the file has 67108864 bytes, more than the 16777216 a scenario file may have`);
    expect(() => createSandbox({ maxScenarioBytes: 0 })).toThrow('maxScenarioBytes must be an integer from 1 to 268435456 (got 0)');
  });
});
