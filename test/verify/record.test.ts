import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { recordScenario } from '../../src/verify/record/record-scenario.js';
import { cli } from '../support/cli.js';
import { STAND_IN_KEY, STAND_IN_READER_KEY, STAND_IN_SWITCHES, TEST_RATE, read, startStandIn } from './stand-in.js';

const RECORDED_AT = Date.parse('2026-02-01T00:00:00.000Z');
/** An order of 5 eSIMs of the stand-in, and its failed order (no eSIMs). */
const ORDER_WITH_ESIMS = 'c3d4e5f6-a7b8-4930-a4b5-c6d7e8f9a0b1';
const READS = ['/getBalance', '/getProducts?limit=200', '/getPaymentHistory?limit=200', '/getOrders?limit=200', `/getOrderStatus?purchaseOrderId=${ORDER_WITH_ESIMS}&includeQrImages=true`];
const SECRET_FIELDS = ['id', 'iccid', 'phone', 'activationCode', 'qrCode', 'qrBase64Url'];

/** An order read with the fields of its eSIMs that --keep-secrets keeps blanked. */
function withoutSecrets(text: string): unknown {
  const body = JSON.parse(text);
  const orders = Array.isArray(body.data) ? body.data : [body.data];
  for (const order of orders) for (const item of order.items) for (const field of SECRET_FIELDS) if (field in item) item[field] = '…';
  return body;
}

describe('esim-sandbox record', () => {
  let standIn: RunningServer;
  let dir: string;
  const served: RunningServer[] = [];
  beforeAll(async () => {
    standIn = await startStandIn();
    dir = mkdtempSync(path.join(tmpdir(), 'record-'));
  });
  afterAll(async () => {
    await Promise.all([standIn, ...served].map((server) => server.close()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const serve = async (file: string) => {
    const server = await startServer({ port: 0, scenario: file });
    served.push(server);
    return server;
  };

  it('writes a scenario that, served, answers the reads with the stand-in\'s data and new eSIMs', async () => {
    const out = path.join(dir, 'recorded.json');
    const result = await recordScenario({ baseUrl: standIn.url, apiKey: STAND_IN_KEY, rate: TEST_RATE, out, now: () => RECORDED_AT });
    expect(result.replay.map((check) => check.result)).toEqual(['identical', 'identical', 'identical', 'same but for the eSIM secrets', 'same but for the eSIM secrets']);
    expect(result).toMatchObject({ trustworthy: true, evidence: { kind: 'strong' } });
    expect(await cli('scenarios', 'validate', out)).toMatchObject({ exitCode: 0, stdout: `ok ${out}\n` });
    expect(statSync(out).mode & 0o777).toBe(0o600);

    const recorded = await serve(out);
    for (const pathAndQuery of READS.slice(0, 3)) {
      expect(await read(recorded.url, pathAndQuery, STAND_IN_KEY), pathAndQuery).toEqual(await read(standIn.url, pathAndQuery, STAND_IN_KEY));
    }
    for (const pathAndQuery of READS.slice(3)) {
      const [mine, theirs] = [await read(recorded.url, pathAndQuery, STAND_IN_KEY), await read(standIn.url, pathAndQuery, STAND_IN_KEY)];
      expect(mine.status).toBe(200);
      expect(withoutSecrets(mine.text), pathAndQuery).toEqual(withoutSecrets(theirs.text));
      expect(JSON.parse(mine.text).data).not.toEqual(JSON.parse(theirs.text).data);
    }
    const scenario = JSON.parse(readFileSync(out, 'utf8'));
    expect(scenario).toMatchObject({
      $schema: path.relative(dir, path.resolve('scenario.schema.json')),
      clock: { start: '2026-02-01T00:00:00.000Z' },
      behavior: { limitOutOfRange: 'clamp', unknownQueryParameter: 'ignore' },
      accounts: [{ id: '3b4c5d6e-7f80-4192-a3b4-c5d6e7f80912', kyc: 'approved', trailingYearQtyBaseline: 38 }],
      apiKeys: [{ key: STAND_IN_KEY, scopes: ['balance:read', 'products:read', 'payments:read', 'orders:read'] }],
    });
    // The tier of the key (50 for the Nimbus product) is the highest of its product's tiers; 38 + 12 eSIMs ordered reach it.
    expect(scenario.products[0].tiers).toEqual([{ minTrailingYearQty: 0, unitPriceThb: 230 }, { minTrailingYearQty: 50, unitPriceThb: 230 }]);
    expect(scenario.products[3]).toMatchObject({ sku: 'NB-LEGACY-2GB', active: false, tiers: [{ minTrailingYearQty: 0, unitPriceThb: 99 }] });
    expect(scenario.orders.every((order: object) => !('items' in order))).toBe(true);
  });

  it('with --keep-secrets, the served reads are the stand-in\'s byte for byte, QR images included', async () => {
    const out = path.join(dir, 'kept.json');
    const result = await recordScenario({ baseUrl: standIn.url, apiKey: STAND_IN_KEY, rate: TEST_RATE, out, keepSecrets: true });
    expect(result.replay.every((check) => check.result === 'identical')).toBe(true);
    const recorded = await serve(out);
    for (const pathAndQuery of READS) {
      expect(await read(recorded.url, pathAndQuery, STAND_IN_KEY), pathAndQuery).toEqual(await read(standIn.url, pathAndQuery, STAND_IN_KEY));
    }
  });

  it('comes out at the stand-in\'s balance for a key that cannot list payments: an opening topup makes up the difference', async () => {
    const out = path.join(dir, 'reader.json');
    const result = await recordScenario({ baseUrl: standIn.url, apiKey: STAND_IN_READER_KEY, rate: TEST_RATE, out });
    expect(result.scopes).toEqual(['balance:read', 'products:read', 'orders:read']);
    expect(result.notes).toContain('an opening topup "RECORDED-OPENING-BALANCE" of 26500.5 THB is recorded: the topups getPaymentHistory listed do not add up to totalTopupsThb');
    const recorded = await serve(out);
    expect(await read(recorded.url, '/getBalance', STAND_IN_READER_KEY)).toEqual(await read(standIn.url, '/getBalance', STAND_IN_READER_KEY));
    expect((await read(recorded.url, '/getPaymentHistory', STAND_IN_READER_KEY)).status).toBe(403);
  });

  it('with --orders, carries every switch the checks inferred over, proves orders:write, and records the new order', async () => {
    const out = path.join(dir, 'with-orders.json');
    const result = await recordScenario({ baseUrl: standIn.url, apiKey: STAND_IN_KEY, rate: TEST_RATE, out, orders: true, keepSecrets: true });
    expect(result.behavior).toEqual({ ...STAND_IN_SWITCHES, provisioning: { mode: 'immediate' } });
    expect(JSON.parse(readFileSync(out, 'utf8')).behavior).toMatchObject({ unknownQueryParameter: 'ignore', unknownBodyField: 'ignore' });
    expect(result.scopes).toContain('orders:write');
    const recorded = await serve(out);
    for (const pathAndQuery of ['/getBalance', '/getOrders?limit=200']) {
      expect(await read(recorded.url, pathAndQuery, STAND_IN_KEY), pathAndQuery).toEqual(await read(standIn.url, pathAndQuery, STAND_IN_KEY));
    }
    // The recorded sandbox refuses a key re-used with another body, as the stand-in does.
    const order = (quantity: number) =>
      fetch(`${recorded.url}/createOrder`, {
        method: 'POST',
        headers: { 'x-api-key': STAND_IN_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', quantity, idempotencyKey: 'recorded-replay-0001' }),
      });
    expect((await order(1)).status).toBe(200);
    expect(await (await order(1)).json()).toEqual({ success: true, data: { purchaseOrderId: expect.any(String), reused: true } });
    expect((await order(2)).status).toBe(409);
  });

  it('records a key whose account waits for KYC: every route of the recording answers 403 KYC_REQUIRED too', async () => {
    const service = await startServer({ port: 0, scenario: 'default' });
    served.push(service);
    const out = path.join(dir, 'kyc.json');
    const result = await recordScenario({ baseUrl: service.url, apiKey: 'sk_test_kyc_pending', rate: TEST_RATE, out });
    expect(result.scopes).toEqual([]);
    expect(result.scenario.accounts).toMatchObject([{ kyc: 'pending' }]);
    const recorded = await serve(out);
    for (const pathAndQuery of ['/getBalance', '/getOrders']) {
      expect(await read(recorded.url, pathAndQuery, 'sk_test_kyc_pending'), pathAndQuery).toEqual(await read(service.url, pathAndQuery, 'sk_test_kyc_pending'));
    }
  });

  it('writes nothing and says what to check when the service refuses the key', async () => {
    const out = path.join(dir, 'refused.json');
    const { exitCode, stderr } = await cli('record', '--base-url', standIn.url, '--api-key', 'sk_live_not_a_key_0000', '--rate', String(TEST_RATE), '--out', out);
    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      'esim-sandbox record: could not be checked: the key was refused on every route (401 UNAUTHORIZED: Invalid API key: check the x-api-key header against the keys of your account.): ' +
        'check --api-key or $ESIM_API_KEY — is it a key this service issued, for this environment, and still valid?\n',
    );
    expect(existsSync(out)).toBe(false);
  });
});
