import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/start-proxy.js';
import { FULL_ACCESS } from '../support/modes.js';

const ACCOUNT = '8d4b3cde-a72c-4320-bde3-f1a196918388';
const BALANCE = { accountId: ACCOUNT, totalTopupsThb: 1000, totalPurchasesThb: 0, balanceThb: 1000 };

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A stand-in for the upstream, answering every request with `handle`; counts what it receives. */
async function standIn(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url} ${req.headers['x-api-key'] ?? ''}`);
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, received };
}

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

async function getBalanceThrough(upstreamUrl: string, options: { timeoutMs?: number; maxBodyBytes?: number } = {}) {
  const proxy = await startProxy({ port: 0, upstream: upstreamUrl, ...options });
  try {
    const response = await fetch(`${proxy.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } });
    const body = await response.text();
    return { status: response.status, body, entry: proxy.sandbox.journal().at(-1)!, summary: proxy.summary(), readiness: proxy.sandbox.readiness() };
  } finally {
    await proxy[Symbol.asyncDispose]();
  }
}

it.each([
  ['a field of the wrong type', 200, { success: true, data: { ...BALANCE, balanceThb: '1000' } }, 'data.balanceThb: expected a number, got "1000"'],
  ['a field the spec does not list', 200, { success: true, data: { ...BALANCE, currency: 'THB' } }, 'data.currency: a field the spec does not list'],
  ['a status the spec does not allow', 201, { success: true, data: BALANCE }, 'status 201 is not documented for getBalance'],
  ['an error outside the envelope', 500, { message: 'boom' }, 'error: missing, the spec requires it'],
])("an upstream answering %s: passed back as it came, journaled as the service's break, summarized, the client not blamed", async (_what, status, body, problem) => {
  const upstream = await standIn(json(status, body));
  const through = await getBalanceThrough(upstream.url);
  expect(through.status).toBe(status);
  expect(JSON.parse(through.body)).toEqual(body);
  expect(through.entry.proxied).toMatchObject({ forwarded: true, upstreamStatus: status, breakKind: 'contract' });
  expect(through.entry.proxied!.upstreamProblems).toEqual(expect.arrayContaining([expect.stringContaining(problem)]));
  expect(through.entry.proxied!.inputProblems).toBeUndefined();
  expect(through.entry.hints).toBeUndefined();
  expect(through.summary.breaks).toEqual({ total: 1, byKind: { contract: 1 } });
  expect(through.readiness.checks.find((check) => check.id === 'valid-requests')!.status).not.toBe('fail');
});

it('an upstream that redirects: 502 saying where it pointed; the redirect target receives nothing, the key goes nowhere else', async () => {
  const elsewhere = await standIn(json(200, { success: true, data: BALANCE }));
  const upstream = await standIn((_req, res) => res.writeHead(302, { location: `${elsewhere.url}/getBalance` }).end());
  const through = await getBalanceThrough(upstream.url);
  expect(through.status).toBe(502);
  const { error } = JSON.parse(through.body);
  expect(error.code).toBe('BAD_GATEWAY');
  expect(error.message).toContain(`answered 302, a redirect to ${elsewhere.url}/getBalance; the proxy follows no redirect`);
  expect(elsewhere.received).toEqual([]);
  expect(upstream.received).toEqual([`GET /api/v1/getBalance ${FULL_ACCESS}`]);
  expect(through.entry.proxied).toMatchObject({ breakKind: 'redirect', upstreamStatus: 302 });
  expect(through.summary.breaks.byKind).toEqual({ redirect: 1 });
});

it('an upstream that drips its answer: 504 once --timeout is out', async () => {
  const upstream = await standIn((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const drip = setInterval(() => res.write(' '), 50);
    res.on('close', () => clearInterval(drip));
  });
  const through = await getBalanceThrough(upstream.url, { timeoutMs: 400 });
  expect(through.status).toBe(504);
  const { error } = JSON.parse(through.body);
  expect(error.code).toBe('GATEWAY_TIMEOUT');
  expect(error.message).toMatch(/then did not finish it within 0\.4 s \(--timeout\)/);
  expect(through.summary.breaks.byKind).toEqual({ timeout: 1 });
});

it.each([
  ['declares a huge body', (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200, { 'content-length': String(64 * 1024 * 1024) }).end(), 'is too large: it declares 67108864 bytes'],
  ['sends a huge body', (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024, 32)), 'is too large: it went past the limit of 65536 bytes'],
  [
    'sends a gzip bomb',
    (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(32 * 1024 * 1024, 32))),
    'unpacks to more than 65536 bytes: a decompression bomb',
  ],
])('an upstream that %s: 502 saying why, within --max-body-bytes', async (_what, handle, message) => {
  const upstream = await standIn(handle);
  const through = await getBalanceThrough(upstream.url, { maxBodyBytes: 64 * 1024 });
  expect(through.status).toBe(502);
  const { error } = JSON.parse(through.body);
  expect(error).toMatchObject({ code: 'BAD_GATEWAY' });
  expect(error.message).toContain(message);
  expect(through.entry.proxied).toMatchObject({ breakKind: 'unreadable' });
});

it('an upstream that is down: 502 naming it', async () => {
  const upstream = await standIn(json(200, {}));
  const url = upstream.url;
  const server = servers.pop()!;
  await new Promise((resolve) => server.close(resolve));
  const through = await getBalanceThrough(url);
  expect(through.status).toBe(502);
  const { error } = JSON.parse(through.body);
  expect(error.message).toContain(`cannot connect to ${new URL(url).origin}: connection refused`);
  expect(error.message).toContain('--upstream');
  expect(through.entry.proxied).toMatchObject({ forwarded: false, breakKind: 'unreachable' });
});

/** A getBalance answer whose accountId holds bytes that are not UTF-8 (a Latin-1 é, a lone 0xff, a cut sequence). */
const NOT_UTF8 = Buffer.concat([
  Buffer.from(`{"success":true,"data":{"accountId":"caf`),
  Buffer.from([0xe9, 0xff, 0xc3]),
  Buffer.from(`","totalTopupsThb":1000,"totalPurchasesThb":0,"balanceThb":1000}}`),
]);

it.each([
  ['as they are', (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(NOT_UTF8)],
  ['gzip-compressed', (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(NOT_UTF8))],
])("an upstream answering bytes that are not UTF-8 (%s): the client gets them byte for byte, the service's break noted", async (_what, handle) => {
  // A reading as UTF-8 would change them: the test could fail.
  expect(Buffer.from(NOT_UTF8.toString('utf8'))).not.toEqual(NOT_UTF8);
  const upstream = await standIn(handle);
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  for (let call = 0; call < 2; call++) {
    const response = await fetch(`${proxy.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(NOT_UTF8.byteLength));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(NOT_UTF8);
  }
  for (const entry of proxy.sandbox.journal()) {
    expect(entry.proxied).toMatchObject({ upstreamStatus: 200, breakKind: 'contract', upstreamProblems: expect.arrayContaining([expect.stringContaining('the body is not UTF-8, as JSON must be')]) });
  }
  expect(proxy.summary().breaks).toEqual({ total: 2, byKind: { contract: 2 } });
});

it('an upstream answering the same broken answer twice, then a sound one: each answer judged on its own', async () => {
  const answers = [
    { success: true, data: { ...BALANCE, currency: 'THB' } },
    { success: true, data: { ...BALANCE, currency: 'THB' } },
    { success: true, data: BALANCE },
    { success: true, data: { ...BALANCE, currency: 'THB' } },
  ];
  let call = 0;
  const upstream = await standIn((req, res) => json(200, answers[call++])(req, res));
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  for (const _ of answers) await (await fetch(`${proxy.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } })).arrayBuffer();
  const kinds = proxy.sandbox.journal().map((entry) => entry.proxied?.breakKind);
  expect(kinds).toEqual(['contract', 'contract', undefined, 'contract']);
  const problems = proxy.sandbox.journal().map((entry) => entry.proxied?.upstreamProblems ?? []);
  expect(problems[1]).toEqual(problems[0]);
  expect(problems[0]).toEqual([expect.stringContaining('data.currency: a field the spec does not list')]);
  expect(proxy.summary().breaks).toEqual({ total: 3, byKind: { contract: 3 } });
});

it("a forward still in flight when the proxy's stop grace ends: the request to the upstream is cancelled then, and the client answered 503", async () => {
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  let upstreamClosed!: () => void;
  const cancelled = new Promise<void>((resolve) => (upstreamClosed = resolve));
  // An upstream that takes the request and never answers.
  const upstream = await standIn((req) => {
    req.socket.once('close', upstreamClosed);
    arrived();
  });
  const proxy = await startProxy({ port: 0, upstream: upstream.url, shutdownGraceMs: 200, timeoutMs: 60_000 });
  const pending = fetch(`${proxy.url}/createOrder`, {
    method: 'POST',
    headers: { 'x-api-key': FULL_ACCESS, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'p', quantity: 1, idempotencyKey: 'cut-off-0001' }),
  });
  await reached;
  const stopping = proxy.close();
  // Answered (not a connection closed without a word), and told why: the proxy cancelled the upstream's request.
  const answer = await pending;
  expect(answer.status).toBe(503);
  const { error } = await answer.json();
  expect(error.code).toBe('SERVICE_UNAVAILABLE');
  expect(error.message).toContain('cancelled the request to it: whether the service carried it out is not known');
  await stopping;
  await cancelled;
  expect(proxy.sandbox.journal().at(-1)).toMatchObject({ route: 'createOrder', status: 503, errorCode: 'SERVICE_UNAVAILABLE', proxied: { forwarded: true } });
  expect(proxy.summary().breaks.total).toBe(0);
});

it.each([
  ['breaks the contract', { success: false, error: { code: 'VALIDATION_ERROR', message: 'limit is wrong', field: 'limit' } }, 'not-determined', 'not-exercised'],
  ['keeps the contract', { success: false, error: { code: 'VALIDATION_ERROR', message: 'limit is wrong' } }, 'fail', 'fail'],
])('an upstream whose 400 %s: readiness blames the client only for an answer that keeps it', async (_what, body, validRequests, noBlindRetry) => {
  const upstream = await standIn(json(400, body));
  await using proxy = await startProxy({ port: 0, upstream: upstream.url });
  for (let send = 0; send < 3; send++) {
    await (await fetch(`${proxy.url}/getProducts?limit=10`, { headers: { 'x-api-key': FULL_ACCESS } })).arrayBuffer();
  }
  const checks = proxy.sandbox.readiness().checks;
  const check = (id: string) => checks.find((found) => found.id === id)!;
  expect([check('valid-requests').status, check('no-blind-retry-on-4xx').status]).toEqual([validRequests, noBlindRetry]);
  const broke = validRequests !== 'fail';
  expect(proxy.sandbox.journal().map((entry) => entry.proxied?.breakKind)).toEqual(broke ? ['contract', 'contract', 'contract'] : [undefined, undefined, undefined]);
  for (const id of ['valid-requests', 'no-blind-retry-on-4xx']) {
    if (broke) expect(check(id).summary).toContain("Set aside: 3 exchanges whose answers broke the contract (#1, #2, #3), the upstream's break, not the client's.");
    else expect(check(id).summary).not.toContain('Set aside');
  }
});

it('an upstream that never answers: each forward gets its 504 at its own deadline, in the order they were sent', async () => {
  const upstream = await standIn(() => {});
  await using proxy = await startProxy({ port: 0, upstream: upstream.url, timeoutMs: 300 });
  const answered: string[] = [];
  const send = async (name: string) => {
    const response = await fetch(`${proxy.url}/getBalance`, { headers: { 'x-api-key': FULL_ACCESS } });
    answered.push(name);
    return { status: response.status, error: (await response.json()).error };
  };
  const first = send('first');
  await new Promise((resolve) => setTimeout(resolve, 150));
  const second = send('second');
  for (const { status, error } of await Promise.all([first, second])) {
    expect(status).toBe(504);
    expect(error.code).toBe('GATEWAY_TIMEOUT');
    expect(error.message).toContain('no answer from');
    expect(error.message).toContain('within 0.3 s');
  }
  expect(answered).toEqual(['first', 'second']);
  expect(proxy.summary().breaks.byKind).toEqual({ timeout: 2 });
});
