import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { cli } from '../support/cli.js';
import { startEchoingServer } from './echoing-server.js';
import { STAND_IN_KEY, STAND_IN_SCENARIO, TEST_RATE } from './stand-in.js';

/** 24 characters: shown as its last 4. */
const KEY = STAND_IN_KEY;
const REFUSED_KEY = 'sk_live_refused_key_9876';
/** 19 characters: shown as its last 4. */
const ADMIN_TOKEN = 'admin-echo-token-42';
/** 10 characters: none of it shows, `Bearer ********`. */
const SHORT_TOKEN = 'shorttok10';
const SECRETS = [KEY, REFUSED_KEY, ADMIN_TOKEN, SHORT_TOKEN];

/** Whatever a run printed and wrote, for a look at what it shows. */
const shown = (run: { stdout: string; stderr: string }, ...files: string[]) =>
  [run.stdout, run.stderr, ...files.filter((file) => existsSync(file)).map((file) => readFileSync(file, 'utf8'))].join('\n');

const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

describe('no command prints a key or token that a server echoes in its messages', () => {
  let behind: RunningServer;
  let echoing: Awaited<ReturnType<typeof startEchoingServer>>;
  let dir: string;
  beforeAll(async () => {
    behind = await startServer({ port: 0, scenario: STAND_IN_SCENARIO, adminToken: ADMIN_TOKEN });
    echoing = await startEchoingServer(behind);
    dir = mkdtempSync(path.join(tmpdir(), 'echoed-secrets-'));
  });
  afterAll(async () => {
    await Promise.all([echoing?.close(), behind?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('verify masks the key in its table, its messages and its report', async () => {
    const before = echoing.echoes();
    const report = path.join(dir, 'verify.json');
    const run = await cli('verify', '--base-url', echoing.url, '--api-key', KEY, '--rate', String(TEST_RATE), '--report', report);
    expect(echoing.echoes()).toBeGreaterThan(before);
    expect(existsSync(report)).toBe(true);
    const text = shown(run, report);
    expectNoSecret(text);
    expect(text).toContain(`received x-api-key ************${KEY.slice(-4)}`);
  });

  it('record masks a refused key that the 401 message repeats, exits 2 (could not be checked) and writes nothing', async () => {
    const out = path.join(dir, 'refused.json');
    const run = await cli('record', '--base-url', echoing.url, '--api-key', REFUSED_KEY, '--rate', String(TEST_RATE), '--out', out);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`(received x-api-key ************${REFUSED_KEY.slice(-4)})`);
    expectNoSecret(shown(run));
    expect(existsSync(out)).toBe(false);
  });

  it('record masks the key everywhere but where the scenario keeps it to be served again', async () => {
    const out = path.join(dir, 'recorded.json');
    const run = await cli('record', '--base-url', echoing.url, '--api-key', KEY, '--rate', String(TEST_RATE), '--out', out);
    expect(run.exitCode).toBe(0);
    expectNoSecret(shown(run));
    const scenario = JSON.parse(readFileSync(out, 'utf8'));
    expect(scenario.apiKeys.map((entry: { key: string }) => entry.key)).toEqual([KEY]);
    for (const entry of scenario.apiKeys) delete entry.key;
    expectNoSecret(JSON.stringify(scenario));
  });

  it('export and readiness mask the admin token a 401 repeats, a short one wholly (Bearer ********)', async () => {
    for (const command of [['export', '--url', echoing.origin], ['readiness', '--url', echoing.origin]]) {
      const run = await cli(...command, '--admin-token', SHORT_TOKEN);
      expect(run.exitCode, command[0]).toBe(1);
      expect(run.stderr).toContain('(received authorization Bearer ********)');
      expectNoSecret(shown(run));
    }
  });

  it('export and readiness with the right token print and write no token', async () => {
    const out = path.join(dir, 'exported.json');
    const exported = await cli('export', '--url', echoing.origin, '--admin-token', ADMIN_TOKEN, '--out', out);
    expect(exported.exitCode).toBe(0);
    expectNoSecret(shown(exported, out).replaceAll(KEY, ''));
    const readiness = await cli('readiness', '--url', echoing.origin, '--admin-token', ADMIN_TOKEN, '--format', 'json');
    expect(JSON.parse(readiness.stdout)).toMatchObject({ scenario: expect.any(String) });
    expectNoSecret(shown(readiness));
  });
});
