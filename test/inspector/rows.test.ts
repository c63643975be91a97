import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

type Row = Record<string, unknown>;
interface Filters {
  search: string;
  route: string;
  status: string;
  faulted: boolean;
  withHints: boolean;
}

// The page's own module (plain JavaScript, no imports), loaded as the browser loads it.
const rowsModule = pathToFileURL(path.resolve(import.meta.dirname, '../../inspector/rows.js')).href;
const { visibleRows, shortKey } = (await import(rowsModule)) as { visibleRows: (rows: Row[], filters: Filters) => Row[]; shortKey: (key?: string) => string | undefined };

const ORDER = '264985fc-e796-4483-9380-7fd1a315a80d';
const rows: Row[] = [
  { seq: 6, method: 'GET', url: '/api/v1/getBalance', route: 'getBalance', status: 200, hints: [{ code: 'bearer-instead-of-api-key', message: 'Authorization: Bearer sent; the service reads x-api-key' }] },
  { seq: 5, marker: 'reset', text: 'reset (scenario default)' },
  { seq: 4, method: 'GET', url: `/api/v1/getOrderStatus?purchaseOrderId=${ORDER}`, route: 'getOrderStatus', status: 200, orderId: ORDER },
  { seq: 3, method: 'GET', url: '/api/v1/getOrders?limit=5', route: 'getOrders', status: 200, response: { body: { data: [{ purchaseOrderId: ORDER }] } } },
  { seq: 2, method: 'POST', url: '/api/v1/createOrder', route: 'createOrder', status: 200, orderId: ORDER, fault: 'lose-response', orderRequest: { idempotencyKey: 'order-2026-0001' } },
  { seq: 1, method: 'GET', url: '/api/v1/getBalance', route: 'getBalance', status: 503, errorCode: 'SERVICE_UNAVAILABLE', queuedFault: 0 },
];
const none: Filters = { search: '', route: '', status: '', faulted: false, withHints: false };
const seqs = (filters: Partial<Filters>) => visibleRows(rows, { ...none, ...filters }).map((row) => row.seq);

describe("the inspector's search and filters", () => {
  it('shows every row, markers too, when nothing narrows the table; requests only when something does', () => {
    expect(seqs({})).toEqual([6, 5, 4, 3, 2, 1]);
    expect(seqs({ route: 'getBalance' })).toEqual([6, 1]);
    expect(seqs({ status: 'error' })).toEqual([1]);
  });

  it('finds an order id in the requests and bodies; order:<id> keeps the requests of that order only', () => {
    expect(seqs({ search: ORDER })).toEqual([4, 3, 2]);
    expect(seqs({ search: `order:${ORDER}` })).toEqual([4, 2]);
  });

  it('finds an idempotency key, an error code and body text, every word of the search', () => {
    expect(seqs({ search: 'order-2026-0001' })).toEqual([2]);
    expect(seqs({ search: 'service_unavailable' })).toEqual([1]);
    expect(seqs({ search: 'purchaseOrderId limit=5' })).toEqual([3]);
  });

  it('keeps the faulted requests (by the scenario or one-off) and those with hints', () => {
    expect(seqs({ faulted: true })).toEqual([2, 1]);
    expect(seqs({ withHints: true })).toEqual([6]);
    expect(seqs({ search: 'bearer' })).toEqual([6]);
  });

  it('shortens a long idempotency key for its column', () => {
    expect(shortKey('order-2026-0001')).toBe('order-202…');
    expect(shortKey('short-key')).toBe('short-key');
    expect(shortKey(undefined)).toBeUndefined();
  });
});
