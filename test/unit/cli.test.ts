import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { run } from '../../src/cli/run.js';

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
    for (const option of ['--port', '--host', '--scenario', '--seed', '--shutdown-grace']) expect(cli.stdout()).toContain(option);
    expect(cli.stdout()).toMatch(/Examples:\n\s+esim-sandbox serve /);
  });
});

describe('esim-sandbox serve: bad arguments', () => {
  it.each([
    [['serve', '--port', 'abc'], '--port must be an integer from 0 to 65535 (got "abc"); pass e.g. --port 4010, or --port 0'],
    [['serve', '--port', '70000'], '--port must be an integer from 0 to 65535 (got "70000")'],
    [['serve', '--port', '0x10'], '--port must be an integer from 0 to 65535 (got "0x10")'],
    [['serve', '--port'], 'Not enough arguments following: port'],
    [['serve', '--seed', '-1'], '--seed must be an integer from 0'],
    [['serve', '--shutdown-grace', '5s'], '--shutdown-grace must be an integer from 0 to 600000 (got "5s"); pass milliseconds, e.g. --shutdown-grace 5000'],
    [['serve', '--prot', '4010'], 'Unknown argument: prot'],
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

  it('exits 1 for an unknown scenario, with the loader message', async () => {
    const cli = testIo();
    expect(await run(['serve', '--port', '0', '--scenario', 'no-such-scenario'], cli.io)).toBe(1);
    expect(cli.stderr()).toContain('no built-in scenario "no-such-scenario"');
  });
});

describe('esim-sandbox serve', () => {
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
