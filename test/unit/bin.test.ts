import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { bin, serveProcess, serveProcessWith } from '../support/serve-process.js';


describe('the esim-sandbox binary (the bundled command)', () => {
  it('serves the sandbox, answers getBalance and /docs, and stops cleanly on SIGINT', async () => {
    const server = await serveProcess();
    const url = server.url;
    const balance = await fetch(`${url}/getBalance`, { headers: { 'x-api-key': 'sk_test_full_access' } });
    expect(balance.status).toBe(200);
    expect((await balance.json()).data.balanceThb).toBe(114060);
    const docs = await fetch(new URL('/docs/', url));
    expect(docs.status).toBe(200);
    await docs.text();
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('Sandbox stopped.');
  });

  // The bundle loads Node's MessageEvent only when @msw/data makes its first event: a forgotten idempotency key is deleted.
  it('forgets an idempotency key past its time to live, an event of the bundled store', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'esim-bin-'));
    const scenario = path.join(dir, 'short-idempotency.json');
    await writeFile(scenario, JSON.stringify({ name: 'short-idempotency', description: 'keys kept a minute', extends: 'default', behavior: { idempotencyTtlMs: 60_000 } }));
    const { url, stop } = await serveProcess('--scenario', scenario);
    try {
      const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
      const products = (await (await fetch(`${url}/getProducts`, { headers })).json()).data as Array<{ id: string }>;
      const body = JSON.stringify({ productId: products[0]!.id, quantity: 1, idempotencyKey: 'bin-ttl-key-1' });
      const order = async () => (await (await fetch(`${url}/createOrder`, { method: 'POST', headers, body })).json()).data;
      const first = await order();
      expect((await order()).reused).toBe(true);
      const clock = await fetch(new URL('/__sandbox/clock', url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":120000}' });
      expect(clock.status).toBe(200);
      const later = await order();
      expect(later.reused).toBe(false);
      expect(later.purchaseOrderId).not.toBe(first.purchaseOrderId);
    } finally {
      await stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  // The bundle loads Node's crypto when something uses it (an admin token checked), not to build the store or answer.
  it('answers its first request without loading Node’s crypto, and checks an admin token with it later', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'esim-bin-'));
    const preload = path.join(dir, 'tell-crypto.cjs');
    await writeFile(
      preload,
      "const http = require('node:http');\nconst emit = http.Server.prototype.emit;\nlet told = false;\n" +
        "http.Server.prototype.emit = function (event, req, res) {\n" +
        "  if (event === 'request' && !told) { told = true; res.on('finish', () => process.stderr.write(`crypto loaded: ${process.moduleLoadList.some((name) => /^NativeModule (internal\\/)?crypto/.test(name))}\\n`)); }\n" +
        '  return emit.apply(this, arguments);\n};\n',
    );
    const { url, output, stop } = await serveProcessWith(['--require', preload], '--admin-token', 'bin-admin-token-1');
    try {
      const headers = { 'x-api-key': 'sk_test_full_access', 'content-type': 'application/json' };
      expect((await fetch(`${url}/getBalance`, { headers })).status).toBe(200);
      while (!output().includes('crypto loaded:')) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(output()).toContain('crypto loaded: false');
      const state = (token: string) => fetch(new URL('/__sandbox/state', url), { headers: { 'x-admin-token': token } });
      expect((await state('not-the-token')).status).toBe(401);
      expect((await state('bin-admin-token-1')).status).toBe(200);
      // Records made after start are told apart as before: two orders, each found by its id.
      const products = (await (await fetch(`${url}/getProducts`, { headers })).json()).data as Array<{ id: string }>;
      const ids: string[] = [];
      for (const quantity of [1, 2]) {
        const body = JSON.stringify({ productId: products[0]!.id, quantity });
        ids.push((await (await fetch(`${url}/createOrder`, { method: 'POST', headers, body })).json()).data.purchaseOrderId);
      }
      for (const [index, id] of ids.entries()) {
        const status = await (await fetch(`${url}/getOrderStatus?purchaseOrderId=${id}`, { headers })).json();
        expect(status.data.items).toHaveLength(index + 1);
      }
    } finally {
      await stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  // --help, --version and scenarios list are answered without yargs; other arguments go through it.
  it.each([
    ['--help'],
    ['-h'],
    ['serve', '--help'],
    ['scenarios', 'validate', '-h'],
    ['serve', '--port', '1', '--help'],
    ['--version'],
    ['scenarios', 'list'],
    ['openapi', '--format', 'yaml'],
  ])('prints for %j the bytes the command line prints in-process', async (...argv) => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...argv], { maxBuffer: 16 << 20 });
    const inProcess = await cli(...argv);
    expect(inProcess.exitCode).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(inProcess.stdout);
  });

  it('refuses a bad argument with a message and exit code 1', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('--port must be an integer from 0 to 65535 (got "abc")');
  });

  it('keeps a code cache per command beside Node\'s compile cache, and runs the same without one or with a broken one', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'esim-code-cache-'));
    const show = (env: NodeJS.ProcessEnv) =>
      promisify(execFile)(process.execPath, [bin, 'scenarios', 'show', 'low-balance'], { env: { ...process.env, ...env }, maxBuffer: 16 << 20 });
    try {
      const expected = (await cli('scenarios', 'show', 'low-balance')).stdout;
      expect((await show({ NODE_COMPILE_CACHE: cacheDir })).stdout).toBe(expected);
      const [folder] = await readdir(cacheDir);
      expect(folder).toBe(`esim-sandbox-${process.version}-${process.arch}`);
      const [cache] = await readdir(path.join(cacheDir, folder!));
      expect(cache).toMatch(/^program-[0-9a-f]{16}\.cjs\.scenarios\.cache$/);
      expect((await show({ NODE_COMPILE_CACHE: cacheDir })).stdout).toBe(expected);
      await writeFile(path.join(cacheDir, folder!, cache!), 'not a code cache');
      expect((await show({ NODE_COMPILE_CACHE: cacheDir })).stdout).toBe(expected);
      expect((await readFile(path.join(cacheDir, folder!, cache!))).length).toBeGreaterThan(1000);
      const off = path.join(cacheDir, 'off');
      expect((await show({ NODE_COMPILE_CACHE: off, NODE_DISABLE_COMPILE_CACHE: '1' })).stdout).toBe(expected);
      await expect(readdir(off)).rejects.toThrow();
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('writes serve\'s code cache once it listens: what the server runs afterwards does not grow it', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'esim-code-cache-'));
    const before = process.env.NODE_COMPILE_CACHE;
    process.env.NODE_COMPILE_CACHE = cacheDir;
    const folder = path.join(cacheDir, `esim-sandbox-${process.version}-${process.arch}`);
    try {
      const server = await serveProcess();
      try {
        // Written just after the banner, while the test reads it: looked for until it is there.
        let cache: string | undefined;
        for (let tries = 0; cache === undefined && tries < 250; tries++) {
          cache = (await readdir(folder).catch(() => [])).find((name) => name.endsWith('.serve.cache'));
          if (cache === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(cache).toMatch(/\.serve\.cache$/);
        const size = (await readFile(path.join(folder, cache!))).length;
        expect(size).toBeGreaterThan(1000);
        for (const target of ['getBalance', 'getProducts', 'openapi.json']) {
          await (await fetch(`${server.url}/${target}`, { headers: { 'x-api-key': 'sk_test_full_access' } })).arrayBuffer();
        }
        await (await fetch(new URL('/docs/', server.url))).arrayBuffer();
        expect(await server.stop()).toBe(0);
        expect((await readFile(path.join(folder, cache!))).length).toBe(size);
      } finally {
        await server.stop();
      }
    } finally {
      if (before === undefined) delete process.env.NODE_COMPILE_CACHE;
      else process.env.NODE_COMPILE_CACHE = before;
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('writes no code cache from a run that failed, which compiled little of the program', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'esim-code-cache-'));
    try {
      const env = { ...process.env, NODE_COMPILE_CACHE: cacheDir };
      await expect(promisify(execFile)(process.execPath, [bin, 'scenarios', 'show', 'no-such-scenario'], { env })).rejects.toMatchObject({ code: 1 });
      const folder = path.join(cacheDir, `esim-sandbox-${process.version}-${process.arch}`);
      expect(await readdir(folder).catch(() => [])).toEqual([]);
      await promisify(execFile)(process.execPath, [bin, 'scenarios', 'show', 'default'], { env, maxBuffer: 16 << 20 });
      expect(await readdir(folder)).toEqual([expect.stringMatching(/\.scenarios\.cache$/)]);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('keeps the caches of the 4 programs written last and deletes older ones', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'esim-code-cache-'));
    const folder = path.join(cacheDir, `esim-sandbox-${process.version}-${process.arch}`);
    try {
      await mkdir(folder, { recursive: true });
      const older = Array.from({ length: 5 }, (_, i) => `program-${String(i).repeat(16)}.cjs`);
      for (const [i, program] of older.entries()) {
        for (const command of ['serve', 'openapi']) {
          const file = path.join(folder, `${program}.${command}.cache`);
          await writeFile(file, 'an older build');
          await utimes(file, new Date(2026, 0, 1 + i), new Date(2026, 0, 1 + i));
        }
      }
      await promisify(execFile)(process.execPath, [bin, 'scenarios', 'show', 'default'], { env: { ...process.env, NODE_COMPILE_CACHE: cacheDir }, maxBuffer: 16 << 20 });
      const programs = new Set((await readdir(folder)).map((entry) => entry.replace(/\.[a-z]+\.cache$/, '')));
      expect(programs.size).toBe(4);
      expect([...programs].filter((program) => older.includes(program)).sort()).toEqual(older.slice(2).sort());
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
