import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { run } from '../../src/cli/run.js';
import { json } from '../support/json.js';

/** Captures what a command writes; `stop()` plays the part of Ctrl+C. */
function testIo() {
  let stdout = '';
  let stderr = '';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];
  const io: CliIo = {
    stdout: {
      write: (text: string) => {
        stdout += text;
        for (const waiter of waiters) {
          const match = stdout.match(waiter.pattern);
          if (match) waiter.resolve(match);
        }
      },
    },
    stderr: { write: (text: string) => (stderr += text) },
    waitForStop: () => stopped,
  };
  return {
    io,
    stop,
    stdout: () => stdout,
    stderr: () => stderr,
    /** Resolves once stdout matches `pattern`. */
    printed: (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve) => {
        const match = stdout.match(pattern);
        if (match) resolve(match);
        else waiters.push({ pattern, resolve });
      }),
  };
}

describe('esim-sandbox --help', () => {
  it('lists the commands with an example for each', async () => {
    const cli = testIo();
    expect(await run(['--help'], cli.io)).toBe(0);
    expect(cli.stdout()).toContain('esim-sandbox serve');
    expect(cli.stdout()).toMatch(/Examples:\n\s+esim-sandbox serve --port 4010 --scenario default/);
  });

  it('shows the options of serve with examples', async () => {
    const cli = testIo();
    expect(await run(['serve', '--help'], cli.io)).toBe(0);
    for (const option of ['--port', '--host', '--scenario', '--seed', '--scenario-dir', '--max-scenario-bytes', '--shutdown-grace']) {
      expect(cli.stdout()).toContain(option);
    }
    expect(cli.stdout()).toContain('esim-sandbox serve --scenario-dir ./scenarios');
    expect(cli.stdout()).toMatch(/Examples:\n\s+esim-sandbox serve /);
  });
});

describe('esim-sandbox serve: bad arguments', () => {
  it.each([
    [['serve', '--port', 'abc'], '--port must be an integer from 0 to 65535 (got "abc"); pass e.g. --port 4010, or 0 for a free port'],
    [['serve', '--port', '70000'], '--port must be an integer from 0 to 65535 (got "70000")'],
    [['serve', '--port', '0x10'], '--port must be an integer from 0 to 65535 (got "0x10")'],
    [['serve', '--port'], 'Not enough arguments following: port'],
    [['serve', '--seed', '-1'], '--seed must be an integer from 0'],
    [['serve', '--shutdown-grace', '5s'], '--shutdown-grace must be a whole number of milliseconds from 0 to 600000 (got "5s"); pass e.g. --shutdown-grace 5000, or 0 to close at once'],
    [['serve', '--prot', '4010'], 'Unknown argument: prot\n--prot: did you mean --port?'],
    [['serve', '--sead=7', '--scenaro', 'default'], 'Unknown arguments: sead, scenaro\n--sead: did you mean --seed?\n--scenaro: did you mean --scenario?'],
    [['readiness', '--urll', 'http://127.0.0.1:4010'], 'Unknown argument: urll\n--urll: did you mean --url?'],
    [['verify', '--base-ulr', 'http://127.0.0.1:4010'], 'Missing required argument: base-url\ngive --base-url, e.g. --base-url https://api.example.com/api/v1\n--base-ulr: did you mean --base-url?'],
    [['export', '--url', 'http://127.0.0.1:4010', '--outt', 'state.json'], 'Unknown argument: outt\n--outt: did you mean --out?'],
    [['serve', '--scenario-dir'], 'Not enough arguments following: scenario-dir'],
    [['serve', '--scenario-dir', ''], '--scenario-dir must be a directory (got ""); pass e.g. --scenario-dir ./scenarios'],
    [['serve', '--max-scenario-bytes', '0'], '--max-scenario-bytes must be an integer from 1 to 268435456 (got "0"); pass e.g. --max-scenario-bytes 1048576'],
    [['serve', '--max-scenario-bytes', '16MiB'], '--max-scenario-bytes must be an integer from 1 to 268435456 (got "16MiB")'],
    [['serve', '--clock', 'fast'], '--clock must be "step" (a fixed step per answered request) or "wall" (real elapsed time) (got "fast"); pass e.g. --clock wall'],
    [['serve', '--chaos', '1.5'], '--chaos must be a number from 0 to 1 (got "1.5"); pass e.g. --chaos 0.05, the share of calls that meet a fault'],
    [['serve', '--chaos', 'often'], '--chaos must be a number from 0 to 1'],
    [['serve', '--chaos', '0.1', '--chaos-effects', 'error,explode'], '--chaos-effects must be a comma-separated list of error, rate-limit, drop, lose-response (got "error,explode")'],
    [['serve', '--chaos', '0.1', '--chaos-routes', '/nowhere'], '--chaos-routes must be a comma-separated list of getBalance, getProducts, getPaymentHistory, createOrder, getOrderStatus, getOrders (or their paths, /createOrder) (got "/nowhere")'],
    [['serve', '--chaos', '0.1', '--chaos-seed', '-2'], '--chaos-seed must be an integer from 0'],
    [['serve', '--chaos-seed', '7'], '--chaos-seed needs --chaos <rate>, e.g. --chaos 0.05'],
    [['launch'], 'Unknown argument: launch'],
    [[], 'Give a command, for example: esim-sandbox serve'],
  ])('%j exits 1 saying what is wrong and how to fix it', async (argv, message) => {
    const cli = testIo();
    expect(await run(argv, cli.io)).toBe(1);
    expect(cli.stderr()).toContain(message);
    expect(cli.stderr()).toContain('esim-sandbox --help');
    expect(cli.stderr()).not.toMatch(/\n\s+at /);
    expect(cli.stdout()).toBe('');
  });

  it('suggests no flag when none is close, nor for a stray word', async () => {
    for (const argv of [['serve', '--frobnicate'], ['serve', 'port']]) {
      const cli = testIo();
      expect(await run(argv, cli.io)).toBe(1);
      expect(cli.stderr()).toMatch(/Unknown argument: (frobnicate|port)\nRun "esim-sandbox --help"/);
    }
  });

  it('exits 1 when the port is taken, suggesting --port 0', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as AddressInfo;
    const cli = testIo();
    try {
      expect(await run(['serve', '--port', String(port)], cli.io)).toBe(1);
      expect(cli.stderr()).toContain(`port ${port} is already in use; pass --port 0 for a free port or another number`);
    } finally {
      blocker.close();
    }
  });

  it('exits 1 for a --scenario-dir that is not a directory', async () => {
    const cli = testIo();
    const missing = path.join(tmpdir(), 'esim-no-such-dir');
    expect(await run(['serve', '--port', '0', '--scenario-dir', missing], cli.io)).toBe(1);
    expect(cli.stderr()).toBe(
      `esim-sandbox serve: scenario dir "${missing}" does not exist; pass --scenario-dir a directory of scenario JSON files\n`,
    );
  });

  it('exits 1 for an unknown scenario, with the loader message', async () => {
    const cli = testIo();
    expect(await run(['serve', '--port', '0', '--scenario', 'no-such-scenario'], cli.io)).toBe(1);
    expect(cli.stderr()).toContain('no built-in scenario "no-such-scenario"');
  });
});

describe('esim-sandbox serve', () => {
  it('serves a local --scenario file, and loads files of each --scenario-dir over the admin API', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'esim-cli-serve-'));
    try {
      for (const dir of ['one', 'two']) mkdirSync(path.join(base, dir));
      const local = path.join(base, 'local.json');
      writeFileSync(local, JSON.stringify({ name: 'local', description: 'a file outside every scenario dir', extends: 'default' }));
      writeFileSync(path.join(base, 'two', 'mine.json'), JSON.stringify({ name: 'mine', description: 'in the second dir', extends: 'default' }));
      const cli = testIo();
      const dirs = ['one', 'two'].flatMap((dir) => ['--scenario-dir', path.join(base, dir)]);
      const exitCode = run(['serve', '--port', '0', '--scenario', local, ...dirs, '--max-scenario-bytes', '4096'], cli.io);
      const exitedEarly = exitCode.then((code) => Promise.reject(new Error(`serve exited ${code}: ${cli.stderr()}`)));
      const [, url] = await Promise.race([cli.printed(/API\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)\n/), exitedEarly]);
      expect(cli.stdout()).toContain('scenario   local: a file outside every scenario dir');
      const load = (name: string) =>
        fetch(new URL('/__sandbox/scenario', url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
      expect((await load('mine')).status).toBe(200);
      const refused = await load(local);
      expect(refused.status).toBe(400);
      expect((await json(refused)).error?.message).toContain(`scenario dir (${path.join(base, 'one')}, ${path.join(base, 'two')})`);
      cli.stop();
      expect(await exitCode).toBe(0);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('serves on a free port, prints the base URL, scenario and keys, and stops with exit code 0', async () => {
    const cli = testIo();
    const exitCode = run(['serve', '--port', '0', '--seed', '7'], cli.io);
    const [, url] = await cli.printed(/API\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)\n/);
    const origin = new URL(url!).origin;
    expect(cli.stdout()).toContain('scenario   default');
    expect(cli.stdout()).toMatch(/sk_test_full_access\s+balance:read, products:read, payments:read, orders:write, orders:read\n/);
    expect(cli.stdout()).toMatch(/sk_test_revoked .*revoked/);
    expect(cli.stdout()).toMatch(/sk_test_kyc_pending .*KYC pending/);
    expect(cli.stdout()).toContain(`curl -H 'x-api-key: sk_test_full_access' ${url}/getBalance`);

    const health = await fetch(`${origin}/__sandbox/health`);
    expect(await health.json()).toMatchObject({ success: true, data: { status: 'ok', scenario: 'default' } });

    cli.stop();
    expect(await exitCode).toBe(0);
    expect(cli.stdout()).toContain('Sandbox stopped.');
    await expect(fetch(`${origin}/__sandbox/health`)).rejects.toThrow();
  });
});
