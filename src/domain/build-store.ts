import type { ProviderSpec, ResolvedScenario } from '../scenarios/scenario-schema.js';
import { accountTrailingYearQty, tiersFor } from './tier-pricing.js';
import { toSatang } from '../lib/money.js';
import { Slices } from '../lib/next-turn.js';
import { priceOrder } from './order-rules.js';
import { buildPayment } from './payments.js';
import { buildOrder } from './provisioning.js';
import type { SeededRandom } from '../state/seeded-random.js';
import { Store } from '../state/store.js';

/** Records built between two turns of the event loop: a large scenario does not hold up other requests. */
const RECORDS_PER_SLICE = 256;

/** Past orders are replayed oldest first, so each is priced as it was then; the slices change no record nor their order. */
export async function buildStore(scenario: ResolvedScenario, random: SeededRandom): Promise<Store> {
  const store = new Store(providersOf(scenario));
  const slices = new Slices(RECORDS_PER_SLICE);
  for (const account of scenario.accounts) await store.addAccount(account, 'checked');
  for (const apiKey of scenario.apiKeys) await store.addApiKey(apiKey, 'checked');
  for (const product of scenario.products) {
    await store.addProduct(product, 'checked');
    await slices.tick();
  }

  for (const payment of byTime(scenario.payments)) {
    await slices.tick();
    await store.addPayment(
      buildPayment({
        id: payment.id,
        accountId: payment.accountId,
        credit: toSatang(payment.amountThb),
        paymentMethod: payment.paymentMethod,
        status: payment.status,
        createdAt: Date.parse(payment.createdAt),
        sequence: store.paymentCountOf(payment.accountId) + 1,
        ...(payment.merchantOrderId !== undefined && { merchantOrderId: payment.merchantOrderId }),
      }),
      'checked',
    );
  }

  for (const order of byTime(scenario.orders)) {
    await slices.tick();
    const account = store.account(order.accountId)!;
    const product = store.product(order.productId)!;
    const createdAt = Date.parse(order.createdAt);
    const price =
      order.unitPriceThb === undefined
        ? priceOrder(tiersFor(account, product), accountTrailingYearQty(store, account, createdAt), order.quantity)
        : { unitPrice: toSatang(order.unitPriceThb), total: toSatang(order.unitPriceThb) * order.quantity };
    await store.addOrder(
      buildOrder(store, random, {
        id: order.id,
        accountId: order.accountId,
        product,
        quantity: order.quantity,
        price,
        createdAt,
        provisionedAt: order.provisionedAt === undefined ? createdAt : Date.parse(order.provisionedAt),
        status: order.status,
        orderSource: order.orderSource,
        ...(order.items !== undefined && { items: order.items }),
      }),
      'checked',
    );
  }
  return store;
}

export function providersOf(scenario: ResolvedScenario): ReadonlyMap<string, ProviderSpec> {
  return new Map(scenario.providers.map((provider) => [provider.name, provider]));
}

function byTime<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
