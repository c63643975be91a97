import { maskApiKey } from '../../lib/mask-api-key.js';
import type { Scope } from '../../contract/scopes.js';
import { scenarioSchemas, type ScenarioFile } from '../../scenarios/scenario-schema.js';
import { asRecord } from '../exchange.js';
import type { BehaviorSwitches } from '../infer-behaviors.js';
import { toSatang, toThb } from '../../lib/money.js';
import { TRAILING_YEAR_MS } from '../../domain/tier-pricing.js';
import { recordCatalog, recordedBaseline, type RecordedProduct, type RecordedProvider } from './recorded-catalog.js';
import { recordOrders, recordPayments, type RecordedOrder, type RecordedPayment } from './recorded-history.js';
import { nameUuid, scenarioId, thb, type RecordNotes } from './recorded-values.js';

/** What a key saw of a service: the `data` of its reads (undefined where refused) and what the checks proved. */
export interface ServiceSnapshot {
  baseUrl: string;
  apiKey: string;
  balance?: unknown;
  /** getProducts?limit=200 */
  products?: unknown;
  /** getPaymentHistory?limit=200 */
  payments?: unknown;
  /** getOrders?limit=200 */
  orders?: unknown;
  /** The scopes a 2xx answer proved the key has. */
  scopes: Scope[];
  kyc: 'approved' | 'pending';
  behavior: BehaviorSwitches;
  /** When the reads were made (epoch ms): the scenario's clock starts then. */
  recordedAt: number;
  keepSecrets: boolean;
  /** The scenario's name; default `recorded-<host>`. */
  name?: string;
}

export interface RecordedScenario {
  scenario: ScenarioFile;
  /** What could not be recorded exactly, from these answers. */
  notes: string[];
  /** The key of the scenario: the service's own, or one made up when the format does not take it. */
  apiKey: string;
}

const LIST_LIMIT = 200;

/** A scenario in which the key sees what it saw of the service. Pure: the answers in, the file out. */
export function scenarioFromService(snapshot: ServiceSnapshot): RecordedScenario {
  const notes: RecordNotes = new Set();
  const host = new URL(snapshot.baseUrl).host;
  const balance = asRecord(snapshot.balance);
  const accountId = balance?.accountId !== undefined ? scenarioId(balance.accountId, 'account', notes) : nameUuid(`account:${snapshot.baseUrl}`);
  const catalog = recordCatalog(snapshot.products, snapshot.orders, notes);
  const payments = recordPayments(snapshot.payments, accountId, notes);
  const orders = recordOrders(snapshot.orders, accountId, catalog.productIdOf, snapshot.keepSecrets, notes);
  for (const [name, list] of [['getProducts', snapshot.products], ['getPaymentHistory', snapshot.payments], ['getOrders', snapshot.orders]] as const) {
    if (Array.isArray(list) && list.length >= LIST_LIMIT) notes.add(`${name} returned ${LIST_LIMIT} records, the most one call gives: older ones are not recorded`);
  }
  const start = Math.max(snapshot.recordedAt, ...[...payments, ...orders].map((entry) => Date.parse(entry.createdAt)));

  const providers: RecordedProvider[] = [...catalog.providers];
  const fallbackProvider = providers[0]?.name ?? 'Unknown provider';
  const [totalTopupsThb, totalPurchasesThb] = [thb(balance?.totalTopupsThb), thb(balance?.totalPurchasesThb)];
  const adjustments =
    totalTopupsThb !== undefined && totalPurchasesThb !== undefined
      ? balanceAdjustments({ totalTopupsThb, totalPurchasesThb }, { payments, orders, accountId, provider: fallbackProvider, start }, notes)
      : { payments: [], orders: [], products: [] };
  if (!balance) notes.add('getBalance was refused: the balance is what the recorded payments and orders add up to');
  if (providers.length === 0 && adjustments.products.length > 0) {
    providers.push({ name: fallbackProvider, smdpAddress: 'smdp.unknown-provider.example', iccidIssuer: '00' });
  }

  const apiKey = scenarioSchemas().apiKey.shape.key.safeParse(snapshot.apiKey).success ? snapshot.apiKey : `sk_recorded_${nameUuid(snapshot.apiKey).replaceAll('-', '').slice(0, 16)}`;
  if (apiKey !== snapshot.apiKey) notes.add(`the key is not one the scenario format takes (8 or more of A-Z a-z 0-9 _ -): the recorded sandbox knows it as ${apiKey}`);
  const recordedAt = new Date(snapshot.recordedAt).toISOString();
  return {
    scenario: {
      name: snapshot.name ?? `recorded-${host.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'service'}`,
      description:
        `Recorded from ${snapshot.baseUrl} with the key ${maskApiKey(snapshot.apiKey)} at ${recordedAt}: ` +
        `${catalog.products.length} products, ${payments.length} payments and ${orders.length} orders as that key saw them` +
        `${snapshot.keepSecrets ? ', eSIMs as issued' : ', with new eSIMs in place of the issued ones'}.`,
      seed: 1,
      clock: { start: new Date(start).toISOString(), stepMs: 1000 },
      behavior: snapshot.behavior,
      providers,
      products: [...catalog.products, ...adjustments.products],
      accounts: [
        {
          id: accountId,
          name: `Recorded from ${host}`,
          kyc: snapshot.kyc,
          trailingYearQtyBaseline: recordedBaseline(catalog.products, orders, start),
        },
      ],
      apiKeys: [{ key: apiKey, accountId, scopes: snapshot.scopes }],
      payments: [...payments, ...adjustments.payments],
      orders: [...orders, ...adjustments.orders],
    },
    notes: [...notes],
    apiKey,
  };
}

const DAY_MS = 86_400_000;
const OPENING_BALANCE_ID = 'RECORDED-OPENING-BALANCE';

/**
 * Lists stop at 200 records, so the listed topups and purchases may add up to less than getBalance's totals. The
 * difference becomes one opening topup and one opening purchase, dated before every listed record and over a year
 * before the start, so that they fall at the end of the lists and count for no price tier.
 */
function balanceAdjustments(
  totals: { totalTopupsThb: number; totalPurchasesThb: number },
  recorded: { payments: readonly RecordedPayment[]; orders: readonly RecordedOrder[]; accountId: string; provider: string; start: number },
  notes: RecordNotes,
) {
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
  const adjustments = { payments: [] as RecordedPayment[], orders: [] as RecordedOrder[], products: [] as RecordedProduct[] };

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

/** What no answer of the API shows, so that no recording can carry it over. */
export const NOT_SHOWN_BY_THE_API = [
  'stock: every listed product gets 10,000 eSIMs (inventory is not shown)',
  'tiers other than the active one, and the trailing-year count itself: each product keeps the price it was seen at',
  'inactive products no past order names, and products, payments and orders beyond the first 200',
  'idempotency keys of past orders: in the sandbox, resending an old key places a new order',
  'fees: fee, VAT and amount paid of each payment are derived from its method by the sandbox\'s table',
  'what was not tried: insufficient balance, empty inventory, rate limits, how long idempotency keys live',
];
