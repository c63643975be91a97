import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

const run = promisify(execFile);
const FULL_ACCESS = 'sk_test_full_access';
/** Each header the journal masks, with the variable the command reads it from. */
const SECRET_HEADERS = {
  'x-api-key': [FULL_ACCESS, 'ESIM_API_KEY'],
  'x-auth-token': ['auth-token-value-0123456789', 'ESIM_AUTH_TOKEN'],
  authorization: ['Bearer tok_12K_2w', 'ESIM_AUTHORIZATION'],
  cookie: ['sid=abc123', 'ESIM_COOKIE'],
} as const;
const secretHeaders = Object.fromEntries(Object.entries(SECRET_HEADERS).map(([name, [value]]) => [name, value]));
const variables = Object.fromEntries(Object.values(SECRET_HEADERS).map(([value, variable]) => [variable, value]));

const curlMissing = await run('curl', ['--version']).then(
  () => false,
  () => true,
);

/** A request sent with exactly these headers (node:http adds only Host and Connection), answered as text. */
function send(server: RunningServer, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(`${server.origin}${path}`, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The request as the server received it, but for Host and Connection, which belong to the connection. */
function received(server: RunningServer, seq: number) {
  const sent = server.sandbox.requestAsSent(seq)!;
  return { ...sent, headers: sent.headers.filter(([name]) => name !== 'host' && name !== 'connection').sort() };
}

describe.skipIf(curlMissing)('copy as curl, run with the system curl', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, scenario: 'default', seed: 3 });
  });
  afterAll(() => server?.close());

  /** Sends the request, runs its copy with the secrets in their variables; both journal entries and answers. */
  async function sentAgain(method: string, path: string, headers: Record<string, string>, body?: string) {
    const answer = await send(server, method, path, headers, body);
    const original = server.sandbox.journal().at(-1)!;
    const copy = await (await fetch(`${server.origin}/__sandbox/requests/${original.seq}/curl`)).json();
    const { stdout } = await run('sh', ['-c', copy.data.command], { env: { ...process.env, ...variables } });
    const after = server.sandbox.journal().filter((entry) => entry.seq > original.seq);
    return { answer, original, copy: copy.data as { command: string; variables: string[] }, stdout, after };
  }

  it('sends limit=[1-3] once, as it was journaled (--globoff), and gets the same 400', async () => {
    const { answer, original, copy, stdout, after } = await sentAgain('GET', '/api/v1/getOrders?limit=[1-3]', { ...secretHeaders, accept: 'application/json' });
    expect(answer.status).toBe(400);
    expect(copy.command).toContain('--globoff');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ url: original.url, status: 400 });
    expect(stdout).toBe(answer.text);
    expect(received(server, after[0]!.seq)).toEqual(received(server, original.seq));
  });

  it('reads every header the journal masks from a variable, so that the command holds no secret', async () => {
    const { copy, after, original } = await sentAgain('GET', '/api/v1/getBalance', secretHeaders);
    expect(copy.variables).toEqual(Object.values(SECRET_HEADERS).map(([, variable]) => variable));
    for (const [name, [value, variable]] of Object.entries(SECRET_HEADERS)) {
      expect(copy.command).toContain(`"${name}: $${variable}"`);
      expect(copy.command).not.toContain(value);
    }
    expect(after).toHaveLength(1);
    expect(received(server, after[0]!.seq)).toEqual(received(server, original.seq));
  });

  it('runs nothing a header name holds: a backquote in a secret header\'s name stays text', async () => {
    const name = 'x-`id`-token';
    await send(server, 'GET', '/api/v1/getBalance', { 'x-api-key': FULL_ACCESS, [name]: 'hidden-value-0123456789' });
    const original = server.sandbox.journal().at(-1)!;
    const copy = (await (await fetch(`${server.origin}/__sandbox/requests/${original.seq}/curl`)).json()).data;
    expect(copy.variables).toEqual(['ESIM_API_KEY', 'ESIM_ID_TOKEN']);
    expect(copy.command).not.toContain('hidden-value-0123456789');
    await run('sh', ['-c', copy.command], { env: { ...process.env, ESIM_API_KEY: FULL_ACCESS, ESIM_ID_TOKEN: 'hidden-value-0123456789' } });
    const again = server.sandbox.journal().at(-1)!;
    expect(again.seq).toBe(original.seq + 1);
    expect(received(server, again.seq)).toEqual(received(server, original.seq));
  });

  it('sends a body byte for byte, adding no content-type, accept or user-agent of its own', async () => {
    const body = `{"productId":"x",  "quantity":1,"note":"it's [1-2] {a,b} $HOME"}`;
    const { answer, original, stdout, after } = await sentAgain('POST', '/api/v1/createOrder', { 'x-api-key': FULL_ACCESS, 'content-length': String(Buffer.byteLength(body)) }, body);
    expect(answer.status).toBe(415);
    expect(after).toHaveLength(1);
    expect(stdout).toBe(answer.text);
    expect(received(server, after[0]!.seq)).toEqual(received(server, original.seq));
    expect(received(server, after[0]!.seq).headers.map(([name]) => name)).toEqual(['content-length', 'x-api-key']);
  });
});
