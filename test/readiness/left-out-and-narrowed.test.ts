import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { FULL_ACCESS } from '../support/modes.js';
import { ReferenceClient, runPartnerTests } from '../support/reference-client.js';
import { bin } from '../support/serve-process.js';
import { virtualWallClock } from '../support/virtual-wall-clock.js';


const BASE_URL = 'http://sandbox.test/api/v1';
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${BASE_URL}${path}`, { headers: { 'x-api-key': FULL_ACCESS, ...headers } });

describe("requests of the sandbox's own tools are marked and never graded", () => {
  it("a request with verify's or record's user-agent is marked with the tool, left out and counted; any other user-agent is a client's", async () => {
    const sandbox = createSandbox();
    await sandbox.fetch(get('/getOrders?limit=0', { 'user-agent': 'esim-sandbox/0.1.0 (verify)' }));
    await sandbox.fetch(get('/getOrders?limit=0', { 'user-agent': 'esim-sandbox/0.1.0 (record)' }));
    await sandbox.fetch(get('/getBalance', { 'user-agent': 'esim-sandbox/0.1.0 (verify) my-client' }));
    await sandbox.fetch(get('/getBalance', { 'user-agent': 'node' }));
    expect(sandbox.journal().map((entry) => entry.tool)).toEqual(['verify', 'record', undefined, undefined]);
    const report = sandbox.readiness();
    expect(report.checks.find((check) => check.id === 'valid-requests')).toMatchObject({ status: 'pass', summary: 'None of 2 requests was refused with 400 VALIDATION_ERROR.' });
    expect(report.leftOut).toEqual([
      { tool: 'verify', requests: 1, why: expect.stringMatching(/^sent by esim-sandbox verify \(user-agent "esim-sandbox\/<version> \(verify\)"\)/) },
      { tool: 'record', requests: 1, why: expect.stringMatching(/^sent by esim-sandbox record/) },
    ]);
  });

  it('a replay is marked replay and left out; the journal listing shows the field on marked rows only', async () => {
    await using server = await startServer({ port: 0 });
    await fetch(`${server.url}/getOrders?limit=0`, { headers: { 'x-api-key': FULL_ACCESS } });
    const [refused] = server.sandbox.journal();
    const replayed = await fetch(`${server.origin}/__sandbox/requests/${refused!.seq}/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(replayed.status).toBe(200);
    const listing = (await (await fetch(`${server.origin}/__sandbox/requests`)).json()) as { data: Array<Record<string, unknown>> };
    expect(listing.data.map((row) => [row['replayOf'], row['tool']])).toEqual([
      [undefined, undefined],
      [refused!.seq, 'replay'],
    ]);
    expect(Object.keys(listing.data[0]!)).not.toContain('tool');
    const report = server.sandbox.readiness();
    expect(report.leftOut).toEqual([{ tool: 'replay', requests: 1, why: expect.stringContaining('POST /__sandbox/requests/<seq>/replay') }]);
    expect(report.checks.find((check) => check.id === 'valid-requests')!.summary).toMatch(/^1 request refused with 400/);
  });

  it("three runs of esim-sandbox verify before a partner's correct client: ready, and the report says it left verify's requests out (after npm run build)", async () => {
    await using server = await startServer({ port: 0, scenario: 'readiness-drill' });
    for (let run = 0; run < 3; run++) {
      const child = spawn(process.execPath, [bin, 'verify', '--base-url', server.url, '--api-key', FULL_ACCESS, '--rate', '50'], { stdio: 'ignore' });
      await once(child, 'exit');
    }
    const probes = server.sandbox.journal().length;
    expect(probes).toBeGreaterThan(10);
    expect(server.sandbox.journal().every((entry) => entry.tool === 'verify')).toBe(true);
    // verify's probes met the drill's faults, which count every call: the partner meets the same faults queued anew.
    for (const fault of [
      { route: '/createOrder', effect: 'lose-response' },
      { route: '/getBalance', effect: 'error', status: 503 },
      { route: '/getProducts', effect: 'rate-limit', retryAfterS: 1 },
    ] as const) {
      await server.sandbox.queueFault(fault);
    }
    await runPartnerTests(new ReferenceClient({ baseUrl: server.url, apiKey: FULL_ACCESS }));
    const report = server.sandbox.readiness();
    expect(report.verdict, JSON.stringify(report, null, 2)).toBe('ready');
    expect(report.leftOut).toEqual([{ tool: 'verify', requests: probes, why: expect.stringContaining('esim-sandbox verify') }]);
  }, 60_000);
});

describe('readiness narrowed to one key', () => {
  it('grades the requests of that key only, in-process and over HTTP alike, and names the key masked', async () => {
    const clock = virtualWallClock();
    await using server = await startServer({ port: 0, scenario: 'readiness-drill', wallClock: clock.now });
    await runPartnerTests(new ReferenceClient({ baseUrl: server.url, apiKey: FULL_ACCESS, sleep: clock.sleep }));
    await fetch(`${server.url}/getOrders?limit=0`, { headers: { 'x-api-key': 'sk_test_read_only' } });
    expect(server.sandbox.readiness().verdict).toBe('not-ready');
    const mine = server.sandbox.readiness({ key: FULL_ACCESS });
    expect(mine).toMatchObject({ verdict: 'ready', key: '************cess' });
    const overHttp = await (await fetch(`${server.origin}/__sandbox/readiness?key=${FULL_ACCESS}`)).json();
    expect(overHttp).toEqual({ success: true, data: mine });
    expect(server.sandbox.readiness({ key: 'sk_test_read_only' }).checks.find((check) => check.id === 'valid-requests')!.status).toBe('fail');
  });

  it('refuses a bad key or option, saying what is wrong, and grades nothing else', async () => {
    const sandbox = createSandbox();
    expect(() => sandbox.readiness({ key: '' })).toThrow('key must be an API key, one word of 1 to 200 characters (got ""); pass e.g. key: "sk_test_full_access"');
    expect(() => sandbox.readiness({ keys: FULL_ACCESS } as never)).toThrow('readiness takes { key?: string }: unknown option "keys"');
    await using server = await startServer({ port: 0 });
    const empty = await fetch(`${server.origin}/__sandbox/readiness?key=`);
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toContain('key');
    const unknown = await fetch(`${server.origin}/__sandbox/readiness?apiKey=x`);
    expect(unknown.status).toBe(400);
  });
});
