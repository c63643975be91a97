import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testFolder } from '../support/test-folder.js';
import { verifyService } from '../../src/verify/verify-service.js';
import { cli } from '../support/cli.js';
import { BROKEN_KEY, startBrokenService } from './broken-service.js';
import { TEST_RATE } from './stand-in.js';

describe('esim-sandbox verify against a deployment that breaks the contract', () => {
  let broken: Awaited<ReturnType<typeof startBrokenService>>;
  beforeAll(async () => {
    broken = await startBrokenService();
  });
  afterAll(async () => {
    await broken.close();
  });

  it('reports each broken answer field by field', async () => {
    const report = await verifyService({ baseUrl: broken.url, apiKey: BROKEN_KEY, rate: TEST_RATE });
    expect(report).toMatchObject({ conforms: false, exitCode: 1 });
    const problems = (check: string) => report.rows.find((row) => row.check === check)?.problems;
    expect(problems('getBalance')).toEqual(['data.balanceThb: expected a number, got "60"']);
    expect(problems('getProducts')).toEqual([
      'data[0].internalCost: a field the spec does not list (7) (and 1 more like it)',
      'data[1].sku: missing, the spec requires it (a string)',
    ]);
    expect(problems('getProducts?limit=1')).toContain('2 records for limit 1, the spec says at most 1');
    expect(problems('getPaymentHistory')).toEqual(['success: missing, the spec requires it (false)', 'error: expected an object, got "boom"']);
    expect(problems('getOrders')).toEqual([
      'content-type is "text/html; charset=utf-8", the spec says application/json',
      'the body is an HTML page, not JSON (<!DOCTYPE html> <html><head><title>Sign in</title></head>...): is --base-url the API\'s base address, ending in /api/v1?',
    ]);
    expect(problems('getOrderStatus of an unknown purchaseOrderId')).toEqual([
      'content-type is "text/plain", the spec says application/json',
      'the body is not JSON (Not Found)',
    ]);
    // Error statuses in the envelope conform, whatever their code: the spec lists few codes.
    expect(report.rows.find((row) => row.check === 'getBalance without x-api-key')).toMatchObject({ real: '401 UNAUTHORIZED', result: 'match' });
  });

  it('exits 1, prints each problem once with the checks it breaks, and never shows the key in full', async () => {
    const dir = testFolder('verify-broken-');
    const reportFile = path.join(dir, 'report.json');
    const { exitCode, stdout, stderr } = await cli('verify', '--base-url', broken.url, '--api-key', BROKEN_KEY, '--rate', String(TEST_RATE), '--report', reportFile);
    expect({ exitCode, stderr }).toEqual({ exitCode: 1, stderr: '' });
    expect(stdout).toContain('Breaks the contract:\n  data.balanceThb: expected a number, got "60"\n    in getBalance\n');
    expect(stdout).toMatch(/ {2}the body is an HTML page, not JSON \(.*\): is --base-url the API's base address, ending in \/api\/v1\?\n {4}in 6 answers: getOrders; getOrders\?limit=1; getOrders\?limit=200 and 3 more\n/);
    expect(stdout).toMatch(/\nThe service breaks the contract \(answers: .*\d+ breaks contract; open points: [^;]+; 24 requests sent\)\.\nReport written to .*report\.json\.\n$/);
    // The service repeats the key in a message: printed and written masked.
    expect(stdout).toContain('BAD_REQUEST: unknown parameter for key ************5678');
    const written = readFileSync(reportFile, 'utf8');
    expect(JSON.parse(written)).toMatchObject({ conforms: false, exitCode: 1, apiKey: '************5678' });
    for (const text of [stdout, written]) expect(text).not.toContain(BROKEN_KEY);
  });
});
