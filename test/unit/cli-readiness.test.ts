import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { cli } from '../support/cli.js';
import { FULL_ACCESS } from '../support/modes.js';
import { ReferenceClient, runPartnerTests, type ClientFlaw } from '../support/reference-client.js';
import { bin } from '../support/serve-process.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';

const clock = virtualWallClock();
const TOKEN = 'readiness-token-1234';

async function drill(server: RunningServer, options: { apiKey?: string; flaw?: ClientFlaw } = {}): Promise<void> {
  const { apiKey = FULL_ACCESS, flaw } = options;
  await runPartnerTests(new ReferenceClient({ baseUrl: server.url, apiKey, sleep: clock.sleep, ...(flaw && { flaw }) }));
}

describe('esim-sandbox readiness', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'readiness-drill', wallClock: clock.now });
  });
  afterAll(() => server?.close());
  beforeEach(() => server.sandbox.reset());

  it('prints the report as a table and exits 0 when the client is ready', async () => {
    await drill(server);
    const { exitCode, stdout, stderr } = await cli('readiness', '--url', server.origin);
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(stdout).toMatch(/^Readiness: ready \(scenario readiness-drill\)\n\n {2}pass {2}idempotency-key-sent {3}All 4 createOrders carried an idempotencyKey\.\n/);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Ready: all 7 checks pass.');
  });

  it('prints the JSON of GET /__sandbox/readiness with --format json, also given the API base URL', async () => {
    await drill(server);
    const { exitCode, stdout } = await cli('readiness', '--url', server.url, '--format', 'json');
    expect(exitCode).toBe(0);
    expect(JSON.parse(stdout)).toEqual(server.sandbox.readiness());
  });

  it('exits 1 when a check fails, and the table shows the requests that show it and the fix', async () => {
    await drill(server, { flaw: 'new-key-on-retry' });
    const { exitCode, stdout } = await cli('readiness', '--url', server.origin);
    expect(exitCode).toBe(1);
    // The numbers go on through the resets between tests: the drill's createOrder calls 1 and 2 are the run's 3rd and 4th requests.
    const lost = server.sandbox.journal()[2]!.seq;
    expect(stdout).toContain(`  FAIL  retry-same-key         createOrder #${lost} placed order `);
    expect(stdout).toContain(`but its answer was lost, and its retry, #${lost + 1}, carried another idempotencyKey: two orders`);
    expect(stdout).toMatch(new RegExp(`\\nretry-same-key: A createOrder whose answer was lost is retried with the same idempotencyKey\\n {2}#${lost}, \\S+ POST /api/v1/createOrder 200: carried the request out`));
    expect(stdout).toContain('  Fix: When a createOrder gets no answer');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Not ready: 1 of 7 checks fail.');
  });

  it('writes JUnit XML with --format junit: one test case per check, a failure for a failed one, skipped for one not exercised', async () => {
    await drill(server, { flaw: 'no-idempotency-key' });
    const { exitCode, stdout } = await cli('readiness', '--url', server.origin, '--format', 'junit');
    expect(exitCode).toBe(1);
    expect(stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="esim-sandbox readiness" tests="7" failures="1" errors="0" skipped="1">\n/);
    expect(stdout.match(/<testcase /g)).toHaveLength(7);
    expect(stdout).toMatch(/<testcase classname="readiness" name="idempotency-key-sent: Every createOrder carries an idempotencyKey">\n {6}<failure message="None of the 4 createOrders/);
    expect(stdout).toMatch(/<testcase classname="readiness" name="retry-same-key: [^"]+">\n {6}<skipped message="/);
    expect(stdout).not.toMatch(/time=/);
  });

  it('exits 1 for an incomplete report: a check not exercised is no pass', async () => {
    const { exitCode, stdout } = await cli('readiness', '--url', server.origin);
    expect(exitCode).toBe(1);
    expect(stdout).toContain('Incomplete: no check fails, but 7 of 7 were not exercised (each line says what would exercise it).');
  });

  it('grades one session with --session', async () => {
    const created = await (
      await fetch(`${server.origin}/__sandbox/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json();
    await drill(server, { apiKey: created.data.apiKeys[FULL_ACCESS] });
    const ofSession = await cli('readiness', '--url', server.origin, '--session', created.data.id, '--format', 'json');
    expect(JSON.parse(ofSession.stdout)).toMatchObject({ verdict: 'ready', scenario: 'readiness-drill' });
    expect(server.sandbox.journal()).toEqual([]);
    const unknown = await cli('readiness', '--url', server.origin, '--session', 'ses_9999');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/^esim-sandbox readiness: http:\/\/\S+\/__sandbox\/sessions\/ses_9999\/readiness answered 404 NOT_FOUND: No session "ses_9999"/);
  });

  it('grades one client with --key: the requests sent with that key only, the key masked in the report', async () => {
    await drill(server);
    // Another client, whose key cannot order: its tests stop at the 403.
    await drill(server, { apiKey: 'sk_test_read_only' }).catch(() => undefined);
    const mine = await cli('readiness', '--url', server.origin, '--key', FULL_ACCESS);
    expect(mine.exitCode).toBe(0);
    expect(mine.stdout).toMatch(/^Readiness: ready \(scenario readiness-drill, key \*+cess\)\n/);
    expect(mine.stdout).not.toContain(FULL_ACCESS);
    const json = await cli('readiness', '--url', server.origin, '--key', FULL_ACCESS, '--format', 'json');
    expect(JSON.parse(json.stdout)).toEqual(server.sandbox.readiness({ key: FULL_ACCESS }));
    const theirs = await cli('readiness', '--url', server.origin, '--key', 'sk_test_read_only', '--format', 'json');
    expect(JSON.parse(theirs.stdout)).toMatchObject({ verdict: 'incomplete', key: '************only' });
    expect(JSON.parse(theirs.stdout)).toEqual(server.sandbox.readiness({ key: 'sk_test_read_only' }));
  });

  it.each([
    [['--key', 'two words'], '--key must be an API key, one word of 1 to 200 characters (got "two words"); pass e.g. --key sk_test_full_access'],
    [['--format', 'xml'], 'Invalid values:\n  Argument: format, Given: "xml", Choices: "table", "json", "junit"'],
    [['--session', 'session-1'], '--session must be a session id as POST /__sandbox/sessions answers it (got "session-1"); pass e.g. --session ses_0001'],
    [['--url', 'localhost:4010'], '--url must be the http(s) address of a running sandbox (got "localhost:4010"); pass e.g. --url http://127.0.0.1:4010'],
    [['--admin-token', ''], '--admin-token must be one word of visible characters'],
    [['--max-body-bytes', '12'], '--max-body-bytes must be a whole number of bytes from 1024 to 1073741824 (1 GiB) (got "12"); pass e.g. --max-body-bytes 33554432'],
    [['--timeout', 'soon'], '--timeout must be a whole number of milliseconds from 100 to 600000 (got "soon"); pass e.g. --timeout 10000'],
  ])('%j exits 1 saying what is wrong and how to fix it', async (argv, message) => {
    const { exitCode, stderr } = await cli('readiness', ...argv);
    expect(exitCode).toBe(1);
    expect(stderr).toContain(message);
  });

  it('says how to start a sandbox when none answers', async () => {
    const closed = await startServer({ port: 0 });
    await closed.close();
    const { exitCode, stderr } = await cli('readiness', '--url', closed.origin);
    expect(exitCode).toBe(1);
    expect(stderr).toBe(
      `esim-sandbox readiness: cannot connect to ${closed.origin}: connection refused. Is the service running there, and are the host and port of --url right? ` +
        'Start one with "esim-sandbox serve --scenario readiness-drill", or pass its address with --url\n',
    );
  });
});

describe('esim-sandbox readiness with an admin token', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'readiness-drill', adminToken: TOKEN });
  });
  afterAll(() => server?.close());

  it('sends --admin-token, or $ESIM_SANDBOX_ADMIN_TOKEN; without it says to pass it', async () => {
    const without = await cli('readiness', '--url', server.origin);
    expect(without.stderr).toMatch(/answered 401 UNAUTHORIZED: .* \(pass the token with --admin-token\)\n$/);
    const withToken = await cli('readiness', '--url', server.origin, '--admin-token', TOKEN, '--format', 'json');
    expect(JSON.parse(withToken.stdout)).toMatchObject({ verdict: 'incomplete' });
    process.env['ESIM_SANDBOX_ADMIN_TOKEN'] = TOKEN;
    try {
      expect(JSON.parse((await cli('readiness', '--url', server.origin, '--format', 'json')).stdout)).toMatchObject({ verdict: 'incomplete' });
    } finally {
      delete process.env['ESIM_SANDBOX_ADMIN_TOKEN'];
    }
  });
});

describe('the esim-sandbox bin', () => {
  it('lists readiness in --help and runs it against a server (after npm run build)', async () => {
    const run = promisify(execFile);
    expect((await run(process.execPath, [bin, '--help'])).stdout).toContain('esim-sandbox readiness');
    const server = await startServer({ port: 0, scenario: 'readiness-drill', wallClock: clock.now });
    try {
      await drill(server);
      const { stdout } = await run(process.execPath, [bin, 'readiness', '--url', server.origin, '--format', 'json']);
      expect(JSON.parse(stdout)).toEqual(server.sandbox.readiness());
    } finally {
      await server.close();
    }
  });
});
