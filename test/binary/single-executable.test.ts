import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ASSETS } from '../../scripts/binary-assets.ts';
import { builtFile } from '../support/built-package.js';
import { largeScenario } from '../../bench/lib/large-scenario.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const bin = builtFile('bin/esim-sandbox.js');
const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string; files: string[] };

describe('what the single-file executable carries', () => {
  it('carries every data file and folder the npm package ships', () => {
    // src ships for the source maps of dist to name files that exist; the executable carries no source maps.
    const data = manifest.files.filter((entry) => !['bin', 'dist', 'src'].includes(entry) && !entry.startsWith('!'));
    expect(data.filter((entry) => !PACKAGE_ASSETS.includes(entry))).toEqual([]);
  });
});

/**
 * `scripts/build-binary.ts` makes the executable (from the built dist/, as `npm test` builds it first) into a
 * folder outside the project; every command then runs from there with `env -i PATH=<that folder>`: no
 * environment, and no Node to be found.
 */
describe.skipIf(process.platform !== 'linux')('the single-file executable, run where there is no Node', () => {
  let work: string;
  let folder: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'esim-binary-'));
    folder = path.join(work, 'bin');
    await mkdir(folder);
    // ~3 s: copying Node (126 MB), stripping it and writing the assets into it.
    await run(process.execPath, ['scripts/build-binary.ts', '--out', path.join(folder, 'esim-sandbox')], { cwd: root });
  }, 120_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** `env -i PATH=<folder> esim-sandbox <args>`, from the work folder. */
  const binary = (...args: string[]) => run('env', ['-i', `PATH=${folder}`, 'esim-sandbox', ...args], { cwd: work, maxBuffer: 16 << 20 });
  /** The npm-installed command, from the same folder. */
  const npmCommand = (...args: string[]) => run(process.execPath, [bin, ...args], { cwd: work, maxBuffer: 16 << 20 });

  it('is alone in its folder, so that nothing else (no node) is on its PATH', async () => {
    expect(await readdir(folder)).toEqual(['esim-sandbox']);
    await expect(run('env', ['-i', `PATH=${folder}`, 'node', '--version'])).rejects.toThrow();
  });

  it("prints package.json's version for --version, as the npm-installed command does", async () => {
    const { stdout } = await binary('--version');
    expect(stdout).toBe(`${manifest.version}\n`);
    expect((await npmCommand('--version')).stdout).toBe(stdout);
  });

  it.each([[['--help']], [['serve', '--help']], [['scenarios', 'list']], [['scenarios', 'show', 'low-balance']], [['openapi', '--format', 'yaml']]])(
    'prints for %j the bytes the npm-installed command prints',
    async (args) => {
      const [fromBinary, fromNpm] = await Promise.all([binary(...args), npmCommand(...args)]);
      expect(fromBinary.stdout).toBe(fromNpm.stdout);
      expect(fromBinary.stdout.length).toBeGreaterThan(100);
    },
  );

  it('validates scenario files that extend a built-in, and refuses a broken one with its file and path', async () => {
    await writeFile(path.join(work, 'good.json'), JSON.stringify({ name: 'good', description: 'a smaller wallet', extends: 'low-balance' }));
    await writeFile(path.join(work, 'bad.json'), JSON.stringify({ name: 'bad', description: 'a broken seed', extends: 'default', seed: 'one' }));
    expect((await binary('scenarios', 'validate', 'good.json')).stdout).toContain('good.json');
    const refused = await binary('scenarios', 'validate', 'bad.json').catch((error) => error);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.json:1: /seed: expected a number, got "one"');
  });

  it('serves the API, /docs and the admin API, verifies and records itself, and stops on SIGTERM with exit 0', async () => {
    const child = spawn('env', ['-i', `PATH=${folder}`, 'esim-sandbox', 'serve', '--port', '0'], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      while (!/API\s+(http\S+)/.test(output)) {
        if (child.exitCode !== null) throw new Error(`serve exited early: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const api = /API\s+(http\S+)/.exec(output)![1]!;
      const origin = new URL(api).origin;

      const balance = await fetch(`${api}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } });
      expect(balance.status).toBe(200);
      expect((await balance.json()).data.balanceThb).toBe(114060);

      const docs = await fetch(`${origin}/docs/`);
      expect(docs.status).toBe(200);
      const html = await docs.text();
      expect(html).toContain('<div id="swagger-ui"></div>');
      expect(html).toContain('./swagger-ui-bundle.js');
      // Every file the page loads, as the npm-installed server serves them from swagger-ui-dist.
      const loaded = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1]!);
      expect(loaded).toEqual(expect.arrayContaining(['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png']));
      for (const file of loaded) expect(`${file}: ${(await fetch(`${origin}/docs/${file}`)).status}`).toBe(`${file}: 200`);
      const script = await fetch(`${origin}/docs/swagger-ui-bundle.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      const shipped = await readFile(path.join(root, 'node_modules/swagger-ui-dist/swagger-ui-bundle.js'));
      expect(Buffer.from(await script.arrayBuffer()).equals(shipped)).toBe(true);
      expect((await fetch(`${origin}/docs/swagger-ui.css`)).headers.get('content-type')).toMatch(/^text\/css/);

      // The inspector and each file it loads, Preact with htm included, from the executable's own assets.
      const inspector = await fetch(`${origin}/__sandbox/`);
      expect(inspector.status).toBe(200);
      expect(await inspector.text()).toContain('/__sandbox/inspector/app.js');
      for (const file of ['inspector/app.js', 'inspector/style.css', 'inspector/vendor/standalone.module.js']) {
        const served = await fetch(`${origin}/__sandbox/${file}`);
        expect(`${file}: ${served.status} ${served.headers.get('content-type')}`).toMatch(new RegExp(`^${file}: 200 (text/javascript|application/javascript|text/css)`));
        await served.arrayBuffer();
      }

      const health = await fetch(`${origin}/__sandbox/health`);
      expect(health.status).toBe(200);
      expect((await health.json()).data).toMatchObject({ status: 'ok', scenario: 'default' });
      const reset = await fetch(`${origin}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(reset.status).toBe(200);
      expect((await reset.json()).data.scenario).toBe('default');

      // A large inline session is checked by the worker the executable carries: one extending a built-in is made,
      // and one too costly to check meets the worker's heap bound (a check on the server's own thread has none).
      const session = (scenario: unknown) =>
        fetch(`${origin}/__sandbox/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
      const large = await session({ ...largeScenario(200_000), extends: 'default' });
      expect(large.status).toBe(200);
      expect((await large.json()).data.id).toBe('ses_0001');
      const costly = await session({ name: 'costly', extends: 'default', products: Array(4_000_000).fill(1) });
      expect(costly.status).toBe(413);
      expect((await costly.json()).error.message).toMatch(/^Checking this inline scenario took more than the 512 MiB of memory/);

      // verify and record, from the executable, against the server it runs.
      const verified = await binary('verify', '--base-url', api, '--api-key', 'sk_test_full_access', '--rate', '50');
      expect(verified.stdout).toContain('getBalance');
      await binary('record', '--base-url', api, '--api-key', 'sk_test_full_access', '--rate', '50', '--out', 'recorded.json');
      const recorded = JSON.parse(await readFile(path.join(work, 'recorded.json'), 'utf8')) as Record<string, unknown>;
      // No $schema: the schema is inside the executable, where no editor finds it.
      expect(recorded['$schema']).toBeUndefined();
      expect((await binary('scenarios', 'validate', 'recorded.json')).stdout).toContain('recorded.json');
    } finally {
      child.kill('SIGTERM');
    }
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output).toContain('Sandbox stopped.');
  }, 60_000);
});
