import { describe, expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { verifyService } from '../../src/verify/verify-service.js';
import { formatVerifyReport } from '../../src/verify/verify-report.js';
import { OPEN_POINTS } from '../../src/verify/infer-behaviors.js';
import { TEST_RATE } from './stand-in.js';

const KEY = 'sk_test_full_access';
type Report = Awaited<ReturnType<typeof verifyService>>;
const rowOf = (report: Report, check: string) => report.rows.find((row) => row.kind === 'open point' && row.check === check);

/** Verify with orders against a sandbox of `default` with one switch turned. */
async function verifyAgainst(behavior: Record<string, unknown>, before?: (url: string) => Promise<void>, clock?: 'wall') {
  const service = await startServer({ port: 0, host: '127.0.0.1', scenario: { name: 'switched', description: 'default with one switch turned', extends: 'default', behavior, ...(clock && { clock: { mode: clock } }) } as never });
  try {
    await before?.(service.url);
    return await verifyService({ baseUrl: service.url, apiKey: KEY, rate: TEST_RATE, orders: true });
  } finally {
    await service.close();
  }
}

/** Every open point of the product's table is a row, inferred or not determined with a reason; its note and the table agree. */
function expectEveryOpenPoint(report: Report): void {
  const rows = report.rows.filter((row) => row.kind === 'open point');
  expect(rows.map((row) => row.check)).toEqual([...OPEN_POINTS]);
  for (const row of rows) {
    if (row.result === 'not determined') expect(row.note, row.check).toMatch(/^not determined: /);
    else expect(row.real, row.check).not.toBe('not determined');
  }
  const text = formatVerifyReport(report);
  for (const row of rows) if (row.note) expect(text).toContain(`  ${row.check}: ${row.note}\n`);
}

describe('verify against sandboxes whose switches it cannot read, or can only partly', () => {
  it('idempotencyTtlMs: a replay after the key expired is a new order, said as such, and no contract break', async () => {
    const report = await verifyAgainst({ idempotencyTtlMs: 1000 });
    expectEveryOpenPoint(report);
    expect(report.conforms).toBe(true);
    expect(report.exitCode).toBe(0);
    const replay = report.rows.find((row) => row.check === 'createOrder again, same body and key');
    expect(replay).toMatchObject({ real: '200, a new order (reused false: the key was forgotten)', result: 'differ' });
    expect(rowOf(report, 'idempotencyTtlMs')).toMatchObject({
      real: 'keys expire: the replay placed a new order',
      sandbox: 'keys live forever',
      result: 'differ',
      note: expect.stringMatching(/^scenario behavior idempotencyTtlMs reproduces it/),
    });
    expect(rowOf(report, 'reusedResponse')).toMatchObject({ result: 'not determined', note: 'not determined: the replay placed a new order, so no answer was a reused one' });
    expect(rowOf(report, 'idempotencyMismatch')).toMatchObject({ result: 'not determined' });
    // No createOrder is sent once one placed a new order: 2 orders at most, and the balance shows both.
    expect(report.rows.filter((row) => row.check.startsWith('createOrder'))).toHaveLength(2);
    expect(report.rows.find((row) => row.check === 'getBalance after the orders (charged once)')).toMatchObject({ real: '200, charged for each of the 2 orders placed' });
    expect(report.rows.some((row) => row.note?.includes('no scenario switch does this'))).toBe(false);
  });

  it('insufficientBalance "allow-negative": a balance below zero is no contract break, and the point is not determined', async () => {
    const report = await verifyAgainst({ insufficientBalance: { mode: 'allow-negative' } }, async (url) => {
      // Overdraw the account first: an order the balance does not cover.
      const response = await fetch(`${url}/createOrder`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: await cheapestProductId(url), quantity: 2000, idempotencyKey: 'overdraw-0001' }),
      });
      expect(response.status).toBe(200);
    });
    expectEveryOpenPoint(report);
    expect(report.conforms).toBe(true);
    expect(rowOf(report, 'insufficientBalance')).toMatchObject({
      result: 'not determined',
      note: expect.stringMatching(/^not determined: never tried on purpose .*; the balance is -[\d.]+ THB, below zero, as a service that lets orders overdraw gives \(insufficientBalance: "allow-negative"\)$/),
    });
    expect(report.order).toMatchObject({ skipped: expect.stringMatching(/^the balance \(-[\d.]+ THB\) does not cover/) });
  });

  it('rateLimit: the 429s met are waited out, counted and named, and the limit itself is not determined', async () => {
    const report = await verifyAgainst({ rateLimit: { requests: 10, perMs: 1000 } }, undefined, 'wall');
    expectEveryOpenPoint(report);
    expect(report.conforms).toBe(true);
    expect(rowOf(report, 'rateLimit')).toMatchObject({
      real: 'not determined',
      result: 'not determined',
      note: expect.stringMatching(/^not determined: \d+ answers were 429 \(Retry-After 1 s; in .*\): the service limits requests, but how many it takes in how long is not measured; scenario behavior rateLimit \{ requests, perMs \} reproduces a limit$/),
    });
  });
});

async function cheapestProductId(url: string): Promise<string> {
  const products = (await (await fetch(`${url}/getProducts?limit=200`, { headers: { 'x-api-key': KEY } })).json()) as { data: { id: string; currentUnitPriceThb: number }[] };
  return products.data.sort((a, b) => a.currentUnitPriceThb - b.currentUnitPriceThb)[0]!.id;
}
