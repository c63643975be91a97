import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { toErrorAnswer } from '../../src/api/envelope.js';
import { servingIo } from '../support/cli.js';
import { run } from '../../src/cli/run.js';
import { redactApiKeys } from '../../src/lib/mask-api-key.js';

const FULL_ACCESS = 'sk_test_full_access';
const TOKEN = 'adm_9f2c1e7b44d0';

/** The local address of the socket listening on `port`, from /proc/net/tcp (Linux); undefined elsewhere. */
function listeningAddress(port: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A: LISTEN
      const [hexAddress, hexPort] = local.split(':');
      if (Number.parseInt(hexPort!, 16) !== port) continue;
      if (hexAddress!.length !== 8) return `ipv6:${hexAddress}`;
      return (hexAddress!.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16)).reverse().join('.');
    }
  }
  return undefined;
}

describe('safe defaults of the standalone server', () => {
  it('listens on the loopback interface only unless told otherwise', async () => {
    const server = await startServer({ port: 0 });
    try {
      expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
      const address = listeningAddress(server.port);
      if (address !== undefined) expect(address).toBe('127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('refuses an empty admin token', async () => {
    await expect(startServer({ port: 0, adminToken: ' ' })).rejects.toThrow(/adminToken must be one word of visible characters \(got " "\)/);
  });
});

describe('admin token', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, adminToken: TOKEN });
  });
  afterAll(() => server.close());

  it.each([
    ['no token', {}],
    ['a wrong bearer token', { authorization: 'Bearer nope' }],
    ['a wrong x-admin-token', { 'x-admin-token': 'nope' }],
    ['the token in another scheme', { authorization: `Basic ${TOKEN}` }],
    ['the API key instead', { 'x-api-key': FULL_ACCESS }],
  ])('answers 401 UNAUTHORIZED to an admin request with %s, and changes nothing', async (_title, headers) => {
    const before = await server.sandbox.state();
    const response = await fetch(`${server.origin}/__sandbox/topups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ apiKey: FULL_ACCESS, amountThb: 5000 }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { success: boolean; error: { code: string; message: string } };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('UNAUTHORIZED');
    expect(body.error.message).toMatch(/Authorization: Bearer <token>/);
    expect(body.error.message).not.toContain(TOKEN);
    expect(await server.sandbox.state()).toEqual(before);
  });

  it('guards every admin route, sessions included', async () => {
    for (const [method, path] of [
      ['GET', '/__sandbox/health'],
      ['GET', '/__sandbox/requests'],
      ['GET', '/__sandbox/state'],
      ['POST', '/__sandbox/reset'],
      ['POST', '/__sandbox/sessions'],
      ['GET', '/__sandbox/sessions'],
      ['GET', '/__SANDBOX/health'],
      ['GET', '/__sandbox'],
    ] as const) {
      const response = await fetch(`${server.origin}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('lets the token through as Authorization: Bearer or as x-admin-token', async () => {
    const bearer = await fetch(`${server.origin}/__sandbox/health`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(bearer.status).toBe(200);
    const header = await fetch(`${server.origin}/__sandbox/health`, { headers: { 'x-admin-token': TOKEN } });
    expect(header.status).toBe(200);
    expect(((await header.json()) as { data: { status: string } }).data.status).toBe('ok');
  });

  it('leaves the imitated API and the reference page open', async () => {
    const balance = await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } });
    expect(balance.status).toBe(200);
    const docs = await fetch(`${server.origin}/docs/`);
    expect(docs.status).toBe(200);
  });
});

describe('API keys in logs', () => {
  it('masks keys in the stack of an unexpected error before it is logged', () => {
    const log = vi.fn();
    const answer = toErrorAnswer(new Error(`lookup failed for sk_live_4f9a8b7c6d5e4f3a`), log);
    expect(answer.status).toBe(500);
    expect(answer.body).not.toContain('sk_live');
    const logged = log.mock.calls.map(([message]) => String(message)).join('\n');
    expect(logged).toContain('************4f3a');
    expect(logged).not.toContain('sk_live_4f9a8b7c6d5e4f3a');
  });

  it('redacts every key-like word and leaves the rest', () => {
    expect(redactApiKeys('keys sk_test_full_access and sk_test_read_only, not skx_1')).toBe(
      'keys ************cess and ************only, not skx_1',
    );
  });

  it('keeps keys masked in the request journal served by the admin API', async () => {
    const server = await startServer({ port: 0 });
    try {
      await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } });
      await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': 'sk_live_unknown_secret_1234' } });
      const journal = await (await fetch(`${server.origin}/__sandbox/requests`)).text();
      expect(journal).not.toContain(FULL_ACCESS);
      expect(journal).not.toContain('sk_live_unknown_secret');
      expect(journal).toContain('cess');
    } finally {
      await server.close();
    }
  });
});

/**
 * Sends a chunked body of up to `totalBytes` as fast as the server takes it, until the server answers, and
 * reports how much the server let in before it answered, and whether the connection was closed then.
 */
async function chunkedUpload(
  server: RunningServer,
  path: string,
  headers: Record<string, string>,
  totalBytes: number,
): Promise<{ status: number; body: string; sentBytes: number; closed: boolean }> {
  const socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const head = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, 'Transfer-Encoding: chunked'];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n`);

  let received = '';
  let closed = false;
  const done = new Promise<void>((resolve) => {
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    // A reset (the client still writing when the server closed) ends the connection as surely as a close.
    const end = () => {
      closed = true;
      resolve();
    };
    socket.on('close', end);
    socket.on('error', end);
  });
  const chunk = Buffer.alloc(256 * 1024, 0x20); // spaces: the start of a JSON document that never ends
  const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
  let sentBytes = 0;
  while (sentBytes < totalBytes && !closed && !socket.destroyed && received === '') {
    const flushed = socket.write(framed);
    sentBytes += chunk.length;
    if (!flushed) {
      // Wait for the server to take more, or to answer; a server that stopped reading never drains.
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), done, new Promise((resolve) => setTimeout(resolve, 200))]);
    }
  }
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5000))]);
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
  return { status, body: received.slice(received.indexOf('\r\n\r\n') + 4), sentBytes, closed };
}

describe('request body limits over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('refuses an API body over 1 MiB while it streams in, answering 413 as soon as it passes the limit', async () => {
    const upload = await chunkedUpload(
      server,
      '/api/v1/createOrder',
      { 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' },
      64 * 1024 * 1024,
    );
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body.replace(/^[0-9a-f]+\r\n/, ''))).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(upload.closed).toBe(true);
    // 1 MiB read, plus what the kernel's socket buffers held (~4 MiB here): far from the 64 MiB on offer.
    expect(upload.sentBytes).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses an admin body over its own limit (8 MiB) the same way', async () => {
    const upload = await chunkedUpload(server, '/__sandbox/scenario', { 'content-type': 'application/json' }, 96 * 1024 * 1024);
    expect(upload.status).toBe(413);
    expect(upload.closed).toBe(true);
    expect(upload.sentBytes).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over 1 MiB without reading the body', async () => {
    const response = await fetch(`${server.url}/createOrder`, {
      method: 'POST',
      headers: { 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' },
      body: `{"productId":"${'x'.repeat(1024 * 1024)}"}`,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a request Node cannot parse with the error envelope, then closes the connection', async () => {
    for (const [head, status, code] of <const>[
      ['BREW /api/v1/getBalance HTTP/1.1\r\nHost: x\r\n\r\n', '405 Method Not Allowed', 'METHOD_NOT_ALLOWED'],
      ['GET /api/v1/getBalance HTTP/1.1\r\nBad Header: x\r\n\r\n', '400 Bad Request', 'VALIDATION_ERROR'],
    ]) {
      const socket = connect(server.port, '127.0.0.1');
      let received = '';
      socket.on('data', (data: Buffer) => (received += data.toString()));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.end(head);
      await closed;
      expect(received.startsWith(`HTTP/1.1 ${status}\r\n`)).toBe(true);
      const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { success: boolean; error: { code: string } };
      expect(body).toMatchObject({ success: false, error: { code } });
    }
  });

  it('keeps serving after refusing a body', async () => {
    const response = await fetch(`${server.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } });
    expect(response.status).toBe(200);
  });
});

/** Writes `raw` on a new connection and resolves with all it reads until the server closes, and how long that took. */
async function exchange(port: number, raw: string, waitMs = 5000): Promise<{ received: string; ms: number; closed: boolean }> {
  const started = performance.now();
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  socket.write(raw);
  const result = await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs))]);
  socket.destroy();
  return { received, ms: performance.now() - started, closed: result };
}

function envelopeOf(received: string): { success: boolean; error: { code: string; message: string } } {
  return JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));
}

describe('answers of the HTTP layer itself are the error envelope too', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 200 });
  });
  afterAll(() => server.close());

  it.each([
    ['HTTP/1.1', 'GET /api/v1/getBalance HTTP/1.1\r\nx-api-key: sk_test_full_access\r\n\r\n'],
    ['HTTP/1.0', 'GET /api/v1/getBalance HTTP/1.0\r\nx-api-key: sk_test_full_access\r\n\r\n'],
    ['an admin route', 'POST /__sandbox/reset HTTP/1.1\r\ncontent-length: 2\r\n\r\n{}'],
  ])('answers a request without a Host header (%s) 400 VALIDATION_ERROR, then closes the connection', async (_title, raw) => {
    const before = await server.sandbox.state();
    const { received, closed } = await exchange(server.port, raw);
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(envelopeOf(received)).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('no Host header') } });
    expect(closed).toBe(true);
    expect(await server.sandbox.state()).toEqual(before);
  });

  it.each([
    ['the same name twice', (port: number) => `Host: 127.0.0.1:${port}\r\nHost: 127.0.0.1:${port}`],
    ['another name second, in another letter case', (port: number) => `Host: 127.0.0.1:${port}\r\nhOST: other.example`],
  ])('answers a request with two Host headers (%s) 400 VALIDATION_ERROR, then closes the connection', async (_title, hosts) => {
    const before = await server.sandbox.state();
    const { received, closed } = await exchange(server.port, `GET /api/v1/getBalance HTTP/1.1\r\n${hosts(server.port)}\r\nx-api-key: ${FULL_ACCESS}\r\n\r\n`);
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(envelopeOf(received).error).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringContaining('The request has 2 Host headers; send one') });
    expect(closed).toBe(true);
    expect(await server.sandbox.state()).toEqual(before);
    expect(server.sandbox.journal()).toEqual([]);
  });

  it('answers an Expect other than 100-continue 417 EXPECTATION_FAILED', async () => {
    const { received } = await exchange(
      server.port,
      `GET /api/v1/getBalance HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nExpect: bogus\r\nConnection: close\r\n\r\n`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 417 Expectation Failed\r\n/);
    expect(envelopeOf(received)).toEqual({
      success: false,
      error: { code: 'EXPECTATION_FAILED', message: expect.stringContaining('Expect: "bogus" cannot be met') },
    });
  });

  it('still answers Expect: 100-continue with 100 Continue, then the answer', async () => {
    const { received } = await exchange(
      server.port,
      `POST /api/v1/createOrder HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nx-api-key: ${FULL_ACCESS}\r\ncontent-type: application/json\r\nExpect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 400 Bad Request\r\n/);
    expect(envelopeOf(received.slice(received.indexOf('\r\n\r\n') + 4)).error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 408 REQUEST_TIMEOUT when the headers do not arrive within headersTimeoutMs, then closes the connection', async () => {
    const { received, ms, closed } = await exchange(server.port, `GET /api/v1/getBalance HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(envelopeOf(received)).toEqual({
      success: false,
      error: { code: 'REQUEST_TIMEOUT', message: expect.stringContaining('waits 300 ms for the headers and 600 ms for the whole request') },
    });
    expect(closed).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(3000);
  });

  it('answers 408 REQUEST_TIMEOUT when the body does not arrive within requestTimeoutMs', async () => {
    const { received, ms } = await exchange(
      server.port,
      `POST /api/v1/createOrder HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nx-api-key: ${FULL_ACCESS}\r\ncontent-type: application/json\r\nContent-Length: 100\r\n\r\n{"productId":`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(envelopeOf(received).error.code).toBe('REQUEST_TIMEOUT');
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(3000);
  });

  it('closes an idle keep-alive connection after keepAliveTimeoutMs (and the second Node adds)', async () => {
    const { received, ms, closed } = await exchange(
      server.port,
      `GET /api/v1/getBalance HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nx-api-key: ${FULL_ACCESS}\r\n\r\n`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(closed).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(3000);
  });

  it('refuses a headersTimeoutMs longer than requestTimeoutMs, and a timeout that is not a whole number of ms', async () => {
    await expect(startServer({ port: 0, headersTimeoutMs: 500, requestTimeoutMs: 100 })).rejects.toThrow(
      'headersTimeoutMs (500) must not be longer than requestTimeoutMs (100)',
    );
    await expect(startServer({ port: 0, keepAliveTimeoutMs: 0 })).rejects.toThrow(
      'keepAliveTimeoutMs must be a whole number of milliseconds from 1 to 86400000 (got 0)',
    );
  });
});

describe('esim-sandbox serve: --admin-token, --journal-size and --journal-bodies', () => {
  it.each([
    [['serve', '--journal-size', '-5'], '--journal-size must be an integer from 0 to 1000000'],
    [['serve', '--journal-size', '1e3'], '--journal-size must be an integer from 0 to 1000000 (got "1e3")'],
    [['serve', '--journal-bodies', 'all'], '--journal-bodies must be an integer from 0 to 1000000 (got "all")'],
    [['serve', '--admin-token', 'two words'], '--admin-token must be one word of visible characters'],
  ])('refuses %j', async (argv, message) => {
    const cli = servingIo();
    expect(await run(argv, cli.io)).toBe(1);
    expect(cli.stderr()).toContain(message);
  });

  it('serves with the journal size and the admin token given, and never prints the token', async () => {
    const cli = servingIo();
    const exitCode = run(['serve', '--port', '0', '--journal-size', '3', '--journal-bodies', '2', '--admin-token', TOKEN], cli.io);
    const banner = await cli.banner;
    expect(banner).not.toContain(TOKEN);
    const api = /API\s+(http:\/\/\S+)/.exec(banner)![1]!;
    const origin = new URL(api).origin;
    for (let i = 0; i < 5; i++) await (await fetch(`${api}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } })).text();
    expect((await fetch(`${origin}/__sandbox/requests`)).status).toBe(401);
    const journal = await fetch(`${origin}/__sandbox/requests`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await journal.json()) as { data: unknown[] }).data).toHaveLength(3);
    const bodies = await fetch(`${origin}/__sandbox/requests?include=bodies`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const kept = ((await bodies.json()) as { data: Array<{ response?: unknown }> }).data.map((entry) => entry.response !== undefined);
    expect(kept).toEqual([false, true, true]);
    cli.stop();
    expect(await exitCode).toBe(0);
  });
});
