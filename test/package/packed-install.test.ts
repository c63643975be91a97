import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO as repo } from '../support/packed-package.js';

const run = promisify(execFile);

/**
 * The lines of docs/testing.md's install block (```sh install), each with the folder its comment names: "in the
 * clone" or "in the partner project". The suite runs them as they are written, `../partner-project` being the
 * project it made.
 */
async function installLines(): Promise<{ where: 'clone' | 'project'; command: string }[]> {
  const markdown = await readFile(path.join(repo, 'docs/testing.md'), 'utf8');
  const block = /```sh install\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (block === undefined) throw new Error('docs/testing.md has no ```sh install block');
  let where: 'clone' | 'project' | undefined;
  const lines: { where: 'clone' | 'project'; command: string }[] = [];
  for (const line of block.split('\n').filter(Boolean)) {
    if (line.startsWith('# in the clone')) where = 'clone';
    else if (line.startsWith('# in the partner project')) where = 'project';
    else if (where === undefined) throw new Error(`docs/testing.md's install block: "${line}" comes before a comment naming its folder`);
    else lines.push({ where, command: line });
  }
  return lines;
}

/**
 * The rest of the suite runs the source; this one packs the package as npm would publish it, installs the
 * tarball into a fresh project, and runs the built entry points and the bin from there, so a broken
 * exports map, a file missing from `files` or a bad build still fails.
 */
describe('the packed package, installed into a fresh project', () => {
  let work: string;
  let project: string;
  /** What npm printed while installing the project, as a partner sees it (install scripts run, as by default). */
  let installOutput = '';

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'esim-packed-'));
    project = path.join(work, 'partner-project');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'partner', private: true, type: 'module' }, null, 2));
    // The install lines of docs/testing.md, as written; npm install reads its cache first, for speed alone.
    for (const { where, command } of await installLines()) {
      const line = where === 'clone' ? command.replaceAll('../partner-project', project) : `${command} --prefer-offline --no-audit --no-fund`;
      const { stdout, stderr } = await run('sh', ['-c', line], { cwd: where === 'clone' ? repo : project, maxBuffer: 16 << 20 });
      if (where === 'project') installOutput += `${stdout}\n${stderr}`;
    }
  }, 240_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('answers through each entry point: the core, the msw handlers and the server', async () => {
    const script = `
      import { createSandbox } from 'esim-wholesale-sandbox';
      import { createSandbox as createMswSandbox } from 'esim-wholesale-sandbox/msw';
      import { startServer } from 'esim-wholesale-sandbox/server';
      import { setupServer } from 'msw/node';
      const headers = { 'x-api-key': 'sk_test_full_access' };
      const core = await createSandbox().fetch(new Request('http://x/api/v1/getBalance', { headers }));
      const sandbox = createMswSandbox();
      const msw = setupServer(...sandbox.handlers('https://api.partner.test/api/v1'));
      msw.listen();
      const viaMsw = await fetch('https://api.partner.test/api/v1/getBalance', { headers });
      msw.close();
      const server = await startServer({ port: 0 });
      const viaHttp = await fetch(server.url + '/getBalance', { headers });
      const docs = await fetch(server.origin + '/docs/');
      await server.close();
      console.log(JSON.stringify([await core.text(), await viaMsw.text(), await viaHttp.text(), docs.status + ' ' + (await docs.text())]));
    `;
    await writeFile(path.join(project, 'smoke.mjs'), script);
    const { stdout } = await run(process.execPath, ['smoke.mjs'], { cwd: project });
    const [core, viaMsw, viaHttp, docs] = JSON.parse(stdout) as string[];
    // express is an optional peer: without it the library's server answers everything but the reference page,
    // and says how to get that (the installed command carries its own express: see the next test).
    expect(docs).toMatch(/^404 .*The API reference page needs the express package, which is not installed/);
    expect(JSON.parse(core!).data.balanceThb).toBe(114060);
    expect(viaMsw).toBe(core);
    expect(viaHttp).toBe(core);
  });

  it('runs the installed bin: --version, scenarios list, and serve until SIGTERM', async () => {
    const bin = path.join(project, 'node_modules/.bin/esim-sandbox');
    const version = await run(process.execPath, [bin, '--version'], { cwd: project });
    const { version: expected } = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(expected);
    const list = await run(process.execPath, [bin, 'scenarios', 'list'], { cwd: project });
    expect(list.stdout).toContain('low-balance');

    const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    while (!/API\s+(http\S+)/.test(output)) {
      if (child.exitCode !== null) throw new Error(`serve exited early: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const url = /API\s+(http\S+)/.exec(output)![1]!;
    const balance = await fetch(`${url}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } });
    expect(balance.status).toBe(200);
    const docs = await fetch(new URL('/docs/', url));
    expect(docs.status).toBe(200);
    await docs.text();
    for (const file of ['/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css']) {
      const served = await fetch(new URL(file, url));
      expect(`${file}: ${served.status}`).toBe(`${file}: 200`);
      await served.arrayBuffer();
    }
    // The pages' files ship in the package, Preact with htm and Swagger UI copied in by the build.
    for (const file of ['/__sandbox/', '/__sandbox/inspector/app.js', '/__sandbox/inspector/vendor/standalone.module.js']) {
      const served = await fetch(new URL(file, url));
      expect(`${file}: ${served.status}`).toBe(`${file}: 200`);
      await served.arrayBuffer();
    }
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('packs a package.json without scripts, so the partner\'s npm lists none of ours among install scripts', async () => {
    const installed = JSON.parse(await readFile(path.join(project, 'node_modules/esim-wholesale-sandbox/package.json'), 'utf8')) as InstalledPackage;
    expect(installed.scripts).toBeUndefined();
    expect(installOutput).not.toMatch(/esim-wholesale-sandbox@\S+ \(/);
    const manifest = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['esim-wholesale-sandbox']).toMatch(/^file:esim-wholesale-sandbox-\d+\.\d+\.\d+\.tgz$/);
    // The clone keeps its scripts: npm pack put its package.json back.
    const clone = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as InstalledPackage;
    expect(clone.scripts?.['prepare']).toBe('npm run build');
  });

  it("runs the partner harness tests (test/partners/vitest-msw3) with the installed vitest and msw", async () => {
    const fixtures = path.join(repo, 'test/partners/vitest-msw3');
    for (const name of (await readdir(fixtures)).filter((file) => file !== 'package.json')) await cp(path.join(fixtures, name), path.join(project, name));
    const { stdout, stderr } = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run'], {
      cwd: project,
      maxBuffer: 16 << 20,
      env: { ...process.env, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' },
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the partner's vitest run failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(`${stdout}\n${stderr}`).toMatch(/Tests\s+\d+ passed/);
  }, 120_000);

  it('installs no package with an install script, and none of the standalone server\'s own (express, yargs, the pages\' packages)', async () => {
    const tree = await runtimeTree(project, 'esim-wholesale-sandbox');
    const scripted = tree.filter(({ scripts }) => ['preinstall', 'install', 'postinstall'].some((hook) => scripts?.[hook] !== undefined));
    expect(scripted.map(({ name }) => name)).toEqual([]);
    expect(tree.map(({ name }) => name)).not.toEqual(expect.arrayContaining(['@scarf/scarf']));
    for (const pageOnly of ['swagger-ui-dist', 'htm', 'yargs', 'express']) expect(tree.map(({ name }) => name)).not.toContain(pageOnly);
  });
});

interface InstalledPackage {
  name: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The package `name` as installed in `project` and every package its dependencies pull, each once. */
async function runtimeTree(project: string, name: string): Promise<InstalledPackage[]> {
  const seen = new Map<string, InstalledPackage>();
  const visit = async (dependency: string, from: string, optional = false): Promise<void> => {
    const folder = await installedFolder(dependency, from).catch((error: Error) => {
      if (optional) return undefined; // an optional dependency of another platform
      throw error;
    });
    if (folder === undefined || seen.has(folder)) return;
    const manifest = JSON.parse(await readFile(path.join(folder, 'package.json'), 'utf8')) as InstalledPackage;
    seen.set(folder, manifest);
    for (const next of Object.keys(manifest.dependencies ?? {})) await visit(next, folder);
    for (const next of Object.keys(manifest.optionalDependencies ?? {})) await visit(next, folder, true);
  };
  await visit(name, project);
  return [...seen.values()];
}

/** Where Node finds `name` from `from`: its node_modules, then each parent's. */
async function installedFolder(name: string, from: string): Promise<string> {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    try {
      await readFile(path.join(candidate, 'package.json'));
      return candidate;
    } catch {
      if (path.dirname(dir) === dir) throw new Error(`${name} is not installed for ${from}`);
    }
  }
}
