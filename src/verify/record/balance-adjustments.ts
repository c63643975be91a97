import { toSatang, toThb } from '../../lib/money.js';
import { TRAILING_YEAR_MS } from '../../domain/tier-pricing.js';
import type { RecordedProduct } from './recorded-catalog.js';
import type { RecordedOrder, RecordedPayment } from './recorded-history.js';
import { nameUuid, type RecordNotes } from './recorded-values.js';

export interface BalanceTotals {
  totalTopupsThb: number;
  totalPurchasesThb: number;
}

/** What makes the recorded balance come out as the service's: an opening topup, an opening purchase. */
export interface BalanceAdjustments {
  payments: RecordedPayment[];
  orders: RecordedOrder[];
  products: RecordedProduct[];
}

const DAY_MS = 86_400_000;
export const OPENING_BALANCE_ID = 'RECORDED-OPENING-BALANCE';

/**
 * Lists stop at 200 records and a key may not see them at all, so the topups and purchases that were listed
 * may add up to less than getBalance's totals. The difference is recorded as one opening topup and one
 * opening purchase (of an inactive product named for it), dated before every listed record and more than a
 * year before the scenario's start, so that they fall at the end of the lists and count for no price tier.
 * getBalance then answers the service's totals to the satang: topups − purchases.
 */
export function balanceAdjustments(
  totals: BalanceTotals,
  recorded: { payments: readonly RecordedPayment[]; orders: readonly RecordedOrder[]; accountId: string; provider: string; start: number },
  notes: RecordNotes,
): BalanceAdjustments {
  const topups = recorded.payments.filter((payment) => (payment.status ?? 'success') === 'success').reduce((sum, payment) => sum + toSatang(payment.amountThb), 0);
  const purchases = recorded.orders
    .filter((order) => order.status !== 'failed')
    .reduce((sum, order) => sum + toSatang(order.unitPriceThb ?? 0) * order.quantity, 0);
  const topupGap = toSatang(totals.totalTopupsThb) - topups;
  const purchaseGap = toSatang(totals.totalPurchasesThb) - purchases;
  // A gap the other way (more listed than the total) cannot be taken back: the same amount is added on
  // the other side instead, so that the balance still comes out right (the totals then differ by it).
  const missingTopups = Math.max(0, topupGap) + Math.max(0, -purchaseGap);
  const missingPurchases = Math.max(0, purchaseGap) + Math.max(0, -topupGap);
  const oldest = Math.min(recorded.start, ...[...recorded.payments, ...recorded.orders].map((entry) => Date.parse(entry.createdAt)));
  const createdAt = new Date(Math.min(oldest - DAY_MS, recorded.start - TRAILING_YEAR_MS - DAY_MS)).toISOString();
  const adjustments: BalanceAdjustments = { payments: [], orders: [], products: [] };

  if (missingTopups > 0) {
    adjustments.payments.push({
      id: nameUuid(`${OPENING_BALANCE_ID}:payment:${recorded.accountId}`),
      accountId: recorded.accountId,
      merchantOrderId: OPENING_BALANCE_ID,
      amountThb: toThb(missingTopups),
      paymentMethod: 'promptpay',
      status: 'success',
      createdAt,
    });
    notes.add(`an opening topup "${OPENING_BALANCE_ID}" of ${toThb(missingTopups)} THB is recorded: the topups getPaymentHistory listed do not add up to totalTopupsThb`);
  }
  if (missingPurchases > 0) {
    const productId = nameUuid(`${OPENING_BALANCE_ID}:product:${recorded.accountId}`);
    adjustments.products.push({
      id: productId,
      name: 'Purchases before the recording',
      description: 'The purchases getBalance counts that getOrders did not list.',
      provider: recorded.provider,
      sku: OPENING_BALANCE_ID,
      active: false,
      tiers: [{ minTrailingYearQty: 0, unitPriceThb: toThb(missingPurchases) }],
      inventory: 0,
    });
    adjustments.orders.push({
      id: nameUuid(`${OPENING_BALANCE_ID}:order:${recorded.accountId}`),
      accountId: recorded.accountId,
      productId,
      quantity: 1,
      orderSource: 'web',
      status: 'confirmed',
      createdAt,
      unitPriceThb: toThb(missingPurchases),
    });
    notes.add(`an opening order (sku ${OPENING_BALANCE_ID}) of ${toThb(missingPurchases)} THB is recorded: the orders getOrders listed do not add up to totalPurchasesThb`);
  }
  if (topupGap < 0 || purchaseGap < 0) {
    notes.add(
      `the listed ${topupGap < 0 ? 'topups' : 'orders'} add up to more than getBalance's ${topupGap < 0 ? 'totalTopupsThb' : 'totalPurchasesThb'}, ` +
        'and a scenario has no negative entry: the balance comes out right, totalTopupsThb and totalPurchasesThb are both higher by the difference',
    );
  }
  return adjustments;
}
