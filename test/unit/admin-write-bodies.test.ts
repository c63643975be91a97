import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSandboxHost, type SandboxHost } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { createAdminApi } from '../../src/admin/admin-api.js';
import { outcomeToResponse } from '../../src/api/outcome.js';

/** A host away from its scenario's start: a top-up, a request journaled, a fault queued, a snapshot and a session. */
async function preparedHost() {
  const host = createSandboxHost({ seed: 9 });
  const api = createAdminApi(host);
  const call = async (method: string, path: string, body?: string | Uint8Array<ArrayBuffer>) => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json' } };
    if (body !== undefined) init.body = body;
    const response = outcomeToResponse(await api(new Request(`http://sandbox.test/__sandbox${path}`, init)), method);
    return { status: response.status, json: (await response.json()) as { data: Record<string, unknown>; error: { code: string; message: string } } };
  };
  await (await host.main.fetch(new Request('http://sandbox.test/api/v1/getBalance', { headers: { 'x-api-key': 'sk_test_full_access' } }))).text();
  await call('POST', '/topups', JSON.stringify({ apiKey: 'sk_test_full_access', amountThb: 500 }));
  const fault = (await call('POST', '/faults', JSON.stringify({ route: '/getBalance', effect: 'error', status: 503 }))).json.data;
  const snapshot = (await call('POST', '/snapshots')).json.data;
  const session = (await call('POST', '/sessions', '{}')).json.data;
  return { host, call, ids: { fault: fault.id as number, snapshot: snapshot.id as string, session: session.id as string } };
}

async function fingerprint(host: SandboxHost, call: Awaited<ReturnType<typeof preparedHost>>['call']): Promise<string> {
  const main = host.main;
  return JSON.stringify({
    state: await main.state(),
    now: main.now(),
    history: main.history().length,
    faults: await main.queuedFaults(),
    snapshots: (await call('GET', '/snapshots')).json.data,
    sessions: host.sessions().map(({ id }) => id),
  });
}

describe('admin writes that take no input', () => {
  it('refuse a body that is not JSON or not {}, and change nothing', async () => {
    const { host, call, ids } = await preparedHost();
    await using _ = host;
    const writes: [string, string][] = [
      ['POST', '/reset'],
      ['DELETE', '/requests'],
      ['POST', '/requests/1/replay'],
      ['POST', '/snapshots'],
      ['POST', `/snapshots/${ids.snapshot}/restore`],
      ['DELETE', `/snapshots/${ids.snapshot}`],
      ['DELETE', `/faults/${ids.fault}`],
      ['DELETE', `/sessions/${ids.session}`],
      ['POST', `/sessions/${ids.session}/reset`],
      ['DELETE', `/sessions/${ids.session}/requests`],
    ];
    const bodies: [string | Uint8Array<ArrayBuffer>, RegExp][] = [
      [new Uint8Array([0x00, 0xff, 0x7b, 0x7b, 0x7b]), /^body: expected valid JSON \(/],
      ['{"name":"default"}', /takes no input; send no body, or \{\} \(got the field "name"\)$/],
      ['{"a":1,"b":2}', /\(got the fields "a", "b"\)$/],
      ['[]', /\(got an empty array\)$/],
      ['"reset"', /\(got "reset"\)$/],
      ['null', /\(got null\)$/],
      [`${'['.repeat(100)}${']'.repeat(100)}`, /nests objects and arrays more than 64 levels deep/],
    ];
    const before = await fingerprint(host, call);
    for (const [method, path] of writes) {
      for (const [body, message] of bodies) {
        const { status, json } = await call(method, path, body);
        expect([status, json.error?.code], `${method} ${path} ${String(body)}`).toEqual([400, 'VALIDATION_ERROR']);
        expect(json.error.message, `${method} ${path}`).toMatch(message);
      }
    }
    expect((await call('POST', '/reset', '{"x":1}')).json.error.message).toBe(
      'body: POST /__sandbox/reset takes no input; send no body, or {} (got the field "x")',
    );
    expect(await fingerprint(host, call)).toBe(before);
  });

  it('take no body, an empty one or {}', async () => {
    const { host, call } = await preparedHost();
    await using _ = host;
    for (const body of [undefined, '', ' \n', '{}', ' { } ']) {
      expect((await call('POST', '/reset', body)).status, JSON.stringify(body)).toBe(200);
      expect((await call('DELETE', '/requests', body)).status, JSON.stringify(body)).toBe(200);
    }
  });
});

describe('over HTTP', () => {
  it('answers POST /__sandbox/reset with bytes that are no JSON 400, and the reset does not happen', async () => {
    await using server = await startServer({ port: 0, seed: 9 });
    await server.sandbox.topup({ apiKey: 'sk_test_full_access', amountThb: 777 });
    const before = JSON.stringify(await server.sandbox.state());
    const body = Buffer.from([0x00, 0xff, 0x7b, 0x7b, 0x7b]);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: server.port, method: 'POST', path: '/__sandbox/reset', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error.message).toMatch(/^body: expected valid JSON/);
    expect(JSON.stringify(await server.sandbox.state())).toBe(before);
  });
});
