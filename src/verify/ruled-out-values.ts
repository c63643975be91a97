import { toSatang, toThb } from '../lib/money.js';
import { asRecord, dataOf, type ReceivedAnswer } from './exchange.js';

/**
 * Values the spec rules out in an answer that has the right shapes: a negative price or amount (a balance may be
 * below zero: a service may let orders overdraw it), an order whose totalPriceThb is not unitPriceThb × quantity,
 * and a balance that is not its topups less its purchases. Empty when there is none.
 */
export function ruledOutValues(answer: ReceivedAnswer): string[] {
  const data = dataOf(answer);
  if (data === undefined) return [];
  const problems = new Map<string, { line: string; more: number }>();
  const add = (kind: string, line: string) => {
    const seen = problems.get(kind);
    if (seen) seen.more++;
    else problems.set(kind, { line, more: 0 });
  };
  walk(data, 'data', (record, path) => {
    for (const [field, value] of Object.entries(record)) {
      if (field.endsWith('Thb') && field !== 'balanceThb' && typeof value === 'number' && value < 0) {
        add(`negative ${field}`, `${join(path, field)}: ${value} THB, a negative price or amount, which the spec rules out`);
      }
    }
    const { unitPriceThb, quantity, totalPriceThb } = record;
    if (typeof unitPriceThb === 'number' && typeof quantity === 'number' && typeof totalPriceThb === 'number') {
      const expected = toSatang(unitPriceThb) * quantity;
      if (toSatang(totalPriceThb) !== expected) {
        add('total', `${join(path, 'totalPriceThb')}: ${totalPriceThb} THB, but unitPriceThb × quantity is ${unitPriceThb} × ${quantity} = ${toThb(expected)} THB`);
      }
    }
    const { totalTopupsThb, totalPurchasesThb, balanceThb } = record;
    if (typeof totalTopupsThb === 'number' && typeof totalPurchasesThb === 'number' && typeof balanceThb === 'number') {
      const expected = toSatang(totalTopupsThb) - toSatang(totalPurchasesThb);
      if (toSatang(balanceThb) !== expected) {
        add('balance', `${join(path, 'balanceThb')}: ${balanceThb} THB, but totalTopupsThb − totalPurchasesThb is ${totalTopupsThb} − ${totalPurchasesThb} = ${toThb(expected)} THB`);
      }
    }
  });
  return [...problems.values()].map(({ line, more }) => (more > 0 ? `${line} (and ${more} more like it)` : line));
}

function walk(value: unknown, path: string, visit: (record: Record<string, unknown>, path: string) => void): void {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => walk(entry, `${path}[${index}]`, visit));
    return;
  }
  const record = asRecord(value);
  if (!record) return;
  visit(record, path);
  for (const [field, entry] of Object.entries(record)) if (typeof entry === 'object' && entry !== null) walk(entry, join(path, field), visit);
}

const join = (path: string, field: string) => `${path}.${field}`;
