import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordOf, type ApiRequest } from '../../src/api/api-request.js';
import type { Outcome } from '../../src/api/outcome.js';
import { CoreSandboxHost } from '../../src/sessions/sandbox-host.js';
import { Journal } from '../../src/state/journal.js';
import { NO_HEADERS, RequestRecord } from '../../src/state/request-record.js';
import { ParsedUrl } from '../../src/lib/parsed-url.js';

const FULL_ACCESS = 'sk_test_full_access';
const PRODUCT = 'efd8480e-2903-458b-8ce3-156f0418df70';

/** `request` whose header look-ups are counted by name. */
function counted(request: Request): { request: ApiRequest; lookups: Map<string, number> } {
  const lookups = new Map<string, number>();
  const headers = {
    get(name: string) {
      lookups.set(name, (lookups.get(name) ?? 0) + 1);
      return request.headers.get(name);
    },
    forEach: (callback: (value: string, name: string) => void) => request.headers.forEach(callback),
  };
  return { request: { method: request.method, url: request.url, headers, body: request.body }, lookups };
}

const hosts: CoreSandboxHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host[Symbol.asyncDispose]();
  vi.restoreAllMocks();
});

/** The outcome `host` gives a record. */
function outcomeOf(host: CoreSandboxHost, record: RequestRecord): Promise<Outcome> {
  return new Promise((answered, failed) => host.answer(record, { answered, failed }));
}

function newHost(): CoreSandboxHost {
  const host = new CoreSandboxHost({ scenario: 'default', seed: 1 });
  hosts.push(host);
  return host;
}

describe('the request record', () => {
  it('reads the x-api-key header once per call: the session, the rate limit, the key check, the hints and the journal read the record', async () => {
    const host = newHost();
    const read = counted(new Request('http://sandbox.test/api/v1/getBalance', { headers: { 'x-api-key': FULL_ACCESS } }));
    const outcome = await outcomeOf(host, recordOf(read.request));
    expect(outcome).toMatchObject({ status: 200 });
    expect(read.lookups.get('x-api-key')).toBe(1);
    expect(host.main.journal().at(-1)).toMatchObject({ route: 'getBalance', status: 200, apiKey: '************cess', keyId: expect.any(String) });

    const session = host.createSession();
    const sessionKey = Object.keys(session.apiKeys()).find((key) => key.startsWith(FULL_ACCESS))!;
    const inSession = counted(new Request('http://sandbox.test/api/v1/getOrders?limit=1', { headers: { 'x-api-key': sessionKey } }));
    expect(await outcomeOf(host, recordOf(inSession.request))).toMatchObject({ status: 200 });
    expect(inSession.lookups.get('x-api-key')).toBe(1);
  });

  it('parses a createOrder body once, for the call and for its orderRequest in the journal, and once when a refusal comes first', async () => {
    const host = newHost();
    const text = JSON.stringify({ productId: PRODUCT, quantity: 1, idempotencyKey: 'record-parse-0001' });
    const parse = vi.spyOn(JSON, 'parse');
    const send = (headers: Record<string, string>) =>
      outcomeOf(host, recordOf(new Request('http://sandbox.test/api/v1/createOrder', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text })));
    expect(await send({ 'x-api-key': FULL_ACCESS })).toMatchObject({ status: 200 });
    expect(parse.mock.calls.filter(([parsed]) => parsed === text)).toHaveLength(1);
    parse.mockClear();
    expect(await send({})).toMatchObject({ status: 401 });
    expect(parse.mock.calls.filter(([parsed]) => parsed === text)).toHaveLength(1);
    parse.mockRestore();
    const entries = host.main.journal({ bodies: false });
    expect(entries.map((entry) => [entry.status, entry.orderRequest])).toEqual([
      [200, { productId: PRODUCT, quantity: 1, idempotencyKey: 'record-parse-0001' }],
      [401, { productId: PRODUCT, quantity: 1, idempotencyKey: 'record-parse-0001' }],
    ]);
  });

  it('is kept by the journal as it is, handing it its headers and bodies, which the journal lets go of once a later request takes their place among the latest', () => {
    const journal = new Journal(10, 2);
    const records = [1, 2, 3].map((n) => {
      const record = new RequestRecord('GET', new ParsedUrl(new URL(`http://sandbox.test/api/v1/getBalance?n=${n}`)), new Headers({ 'x-api-key': FULL_ACCESS }), null);
      record.status = 200;
      record.answerHeaders = { 'content-type': 'application/json' };
      record.answerBody = `{"n":${n}}`;
      journal.add(record);
      return record;
    });
    expect(records.map((record) => record.seq)).toEqual([1, 2, 3]);
    for (const record of records) expect(record).toMatchObject({ headers: NO_HEADERS, answerHeaders: undefined, answerBody: undefined, status: 200 });
    expect(journal.entries().map((entry) => [entry.url, entry.response?.body])).toEqual([
      ['/api/v1/getBalance?n=1', undefined],
      ['/api/v1/getBalance?n=2', { n: 2 }],
      ['/api/v1/getBalance?n=3', { n: 3 }],
    ]);
  });
});
