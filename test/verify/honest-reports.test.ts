import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFolder } from '../support/test-folder.js';
import { startServer } from 'esim-wholesale-sandbox/server';
import { verifyService } from '../../src/verify/verify-service.js';
import { cli } from '../support/cli.js';
import { BROKEN_KEY, startBrokenService } from './broken-service.js';
import { hostile } from '../../bench/lib/hostile-servers.ts';
import { STAND_IN_KEY, STAND_IN_SCENARIO, TEST_RATE } from './stand-in.js';
import { startStaticMock } from './static-mock.js';

const KEY = 'sk_live_honest_test_2468';
const rowOf = (report: Awaited<ReturnType<typeof verifyService>>, check: string) => report.rows.find((row) => row.check === check);

describe('verify and record at a base URL where no route answers the envelope', () => {
  const notFound = (type: string, body: string) =>
    hostile((_request, response) => {
      response.writeHead(404, { 'content-type': type });
      response.end(body);
    });

  it('verify says to check --base-url, with the likely fix, and exits 2', async () => {
    const server = await notFound('text/html; charset=utf-8', '<!DOCTYPE html><html><body>Cannot GET</body></html>');
    try {
      const { exitCode, stdout, stderr } = await cli('verify', '--base-url', server.origin, '--api-key', KEY, '--rate', String(TEST_RATE));
      expect(stderr).toBe(
        `esim-sandbox verify: no route of ${server.origin} answered in the API's envelope ({"success": …}); the 24 answers were 24 × 404 text/html. ` +
          `Check --base-url: it is the API's base address, ending in /api/v1; likely --base-url ${server.origin}/api/v1\n`,
      );
      expect(exitCode).toBe(2);
      expect(stdout).not.toContain('breaks contract');
    } finally {
      await server.close();
    }
  });

  it('record writes nothing, and says the same for problem+json answers', async () => {
    const server = await notFound('application/problem+json', '{"type":"about:blank","title":"Not Found","status":404}');
    const out = path.join(testFolder('record-wrong-base-'), 'recorded.json');
    try {
      const { exitCode, stderr } = await cli('record', '--base-url', `${server.origin}/api`, '--api-key', KEY, '--rate', String(TEST_RATE), '--out', out);
      expect(stderr).toBe(
        `esim-sandbox record: no route of ${server.origin}/api answered in the API's envelope ({"success": …}); the 24 answers were 24 × 404 application/problem+json. ` +
          `Check --base-url: it is the API's base address, ending in /api/v1; likely --base-url ${server.origin}/api/v1\n`,
      );
      expect(exitCode).toBe(2);
      expect(existsSync(out)).toBe(false);
    } finally {
      await server.close();
    }
  });
});

describe('verify against a static mock (one fixed example per route)', () => {
  it('settles no open point from one fixed example per route, and catches the order ids that do not match', async () => {
    const mock = await startStaticMock();
    try {
      const report = await verifyService({ baseUrl: `${mock.origin}/api/v1`, apiKey: KEY, rate: TEST_RATE, orders: true });
      const weak = 'not determined: different requests got identical answers (getBalance; getBalance without x-api-key): the server may be static, answering one fixed example per route';
      expect(rowOf(report, 'limitOutOfRange')).toMatchObject({ real: 'not determined', result: 'not determined', note: expect.stringMatching(/^not determined: different requests got identical answers .* \(it seemed: mixed: /) });
      expect(rowOf(report, 'idempotencyMismatch')).toMatchObject({ real: 'not determined', result: 'not determined', note: `${weak} (it seemed: return-original)` });
      // The table says of the replay what its detail says.
      expect(rowOf(report, 'createOrder again, same body and key')).toMatchObject({ real: '200, reused false', result: 'breaks contract', problems: ['data.reused is false for the resubmitted order'] });
      expect(rowOf(report, 'getOrderStatus of the new order')).toMatchObject({
        result: 'breaks contract',
        problems: ['data.id is "6bd02e5b-9a1f-49d6-b84c-dbd4d051dcb4", the order asked for is 264985fc-e796-4483-9380-7fd1a315a80d'],
      });
      expect(rowOf(report, 'getOrderStatus of a listed order')?.problems).toContain(
        'data.id is 6bd02e5b-9a1f-49d6-b84c-dbd4d051dcb4, the order asked for is 46b67550-cc05-40f7-b4b6-9fd6654a5003',
      );
      // QR images are sent only when asked for: a list without includeQrImages=true breaks the contract with them.
      expect(rowOf(report, 'getOrders')?.problems).toEqual([
        'data[0].items[0].qrBase64Url: present without includeQrImages=true; the spec sends it only when includeQrImages is true (and 44 more like it)',
      ]);
      expect(rowOf(report, 'getOrders?limit=1&includeQrImages=true')?.problems).toEqual(['2 records for limit 1, the spec says at most 1']);
    } finally {
      await mock.close();
    }
  });
});

describe('the honest reasons of a report', () => {
  it('record counts the answers that broke the contract apart from their problems', async () => {
    const broken = await startBrokenService();
    const out = path.join(testFolder('record-counts-'), 'recorded.json');
    try {
      const { exitCode, stdout } = await cli('record', '--base-url', broken.url, '--api-key', BROKEN_KEY, '--rate', String(TEST_RATE), '--out', out);
      // Its unknown and malformed order ids get the same plain-text 404: the recording is not to be trusted.
      expect(exitCode).toBe(3);
      expect(stdout).toContain('21 of the 24 answers broke the contract while recording (42 problems in all); esim-sandbox verify lists them.\n');
      expect(stdout).toMatch(/, 1 payment and 1 order; /);
    } finally {
      await broken.close();
    }
  });

  it('a 0 THB order: "charged once" is not determined, since the balance cannot move', async () => {
    const scenario = JSON.parse(readFileSync(STAND_IN_SCENARIO, 'utf8'));
    for (const product of scenario.products) for (const tier of product.tiers) tier.unitPriceThb = 0;
    delete scenario.$schema;
    const file = path.join(testFolder('free-order-'), 'free.json');
    writeFileSync(file, JSON.stringify(scenario));
    const service = await startServer({ port: 0, host: '127.0.0.1', scenario: file });
    try {
      const report = await verifyService({ baseUrl: service.url, apiKey: STAND_IN_KEY, rate: TEST_RATE, orders: true });
      expect(rowOf(report, 'getBalance after the orders (charged once)')).toMatchObject({
        real: '200, balance unchanged',
        result: 'not checked',
        note: 'not determined: the order cost 0 THB, so the balance cannot show a second charge',
      });
    } finally {
      await service.close();
    }
  });

  it('an inference skipped for answers that broke the contract says so, not that the key was refused', async () => {
    const server = await hostile((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      response.writeHead(request.headers['x-api-key'] === KEY ? 200 : 401, { 'content-type': 'application/json' });
      // Every list answers 200 with records missing their fields; everything else is a well-formed error naming the request.
      if (request.headers['x-api-key'] !== KEY) response.end('{"success":false,"error":{"code":"UNAUTHORIZED","message":"no"}}');
      else if (url.pathname.startsWith('/api/v1/get') && url.pathname !== '/api/v1/getBalance' && url.pathname !== '/api/v1/getOrderStatus') {
        response.end('{"success":true,"data":[{"id":1}]}');
      } else response.end(JSON.stringify({ success: false, error: { code: 'NOPE', message: `no ${request.url}` } }));
    });
    try {
      const report = await verifyService({ baseUrl: `${server.origin}/api/v1`, apiKey: KEY, rate: TEST_RATE });
      expect(rowOf(report, 'limitOutOfRange')).toMatchObject({ result: 'not determined', note: 'not determined: the answer broke the contract on every out-of-range limit' });
      expect(rowOf(report, 'ordering of getOrders')).toMatchObject({ result: 'not determined', note: 'not determined: getOrders?limit=200: the answer broke the contract' });
    } finally {
      await server.close();
    }
  });

  it('with --orders and an order that cannot be placed, the order checks say why, not "run with --orders"', async () => {
    const service = await startServer({ port: 0, host: '127.0.0.1', scenario: STAND_IN_SCENARIO });
    try {
      // The reader key has no orders:write: its createOrder is refused, so nothing is replayed.
      const report = await verifyService({ baseUrl: service.url, apiKey: 'sk_live_standin_reader', rate: TEST_RATE, orders: true });
      const why = 'not determined: no order was placed: createOrder answered 403 FORBIDDEN_SCOPE, so there was nothing to replay';
      for (const check of ['provisioning', 'reusedResponse', 'idempotencyMismatch', 'idempotencyTtlMs', 'unknownBodyField']) {
        expect(rowOf(report, check), check).toMatchObject({ result: 'not determined', note: why });
      }
    } finally {
      await service.close();
    }
  });
});
