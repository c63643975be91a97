import { toThb } from '../lib/money.js';
import type { OrderSeed, PaymentSeed, ScenarioFile } from '../scenarios/scenario-schema.js';
import type { OrderRecord, PaymentRecord } from '../state/records.js';
import type { SandboxContext } from './context.js';

/**
 * Loaded with `seed`, every read of the API answers as the sandbox answers now, byte for byte. Fault call counters
 * start afresh, and idempotency keys are not kept: an order resubmitted after loading it is a new order.
 */
export function exportScenario(ctx: SandboxContext, seed: number): ScenarioFile {
  const { scenario, store } = ctx;
  const now = new Date(ctx.clock.now()).toISOString();
  const { accounts, apiKeys, products, payments, orders } = store.collections;
  return {
    name: exportName(scenario.name),
    description:
      `The state of a sandbox of scenario "${scenario.name}" at ${now}, exported: accounts, keys, products with the ` +
      `inventory left, payments, and orders with their eSIMs. Load it with seed ${seed} for the same answers.`,
    seed,
    clock: { ...scenario.clock, start: now },
    behavior: { ...scenario.behavior },
    faults: scenario.faults.map((fault) => ({ ...fault })),
    ...(scenario.chaos && { chaos: { ...scenario.chaos } }),
    readiness: { ...scenario.readiness },
    providers: scenario.providers.map((provider) => ({ ...provider })),
    accounts: accounts.all().map((account) => ({ ...account })),
    apiKeys: apiKeys.all().map((apiKey) => ({ ...apiKey })),
    products: products.all().map((product) => ({ ...product, inventory: store.stock(product.id) })),
    payments: payments.all().map(paymentSeed),
    orders: orders.all().map(orderSeed),
  };
}

function exportName(name: string): string {
  return name.endsWith('-export') ? name : `${name}-export`;
}

function paymentSeed(payment: PaymentRecord): PaymentSeed {
  return {
    id: payment.id,
    accountId: payment.accountId,
    merchantOrderId: payment.merchantOrderId,
    amountThb: toThb(payment.walletCredit),
    paymentMethod: payment.paymentMethod,
    status: payment.status,
    createdAt: new Date(payment.createdAt).toISOString(),
  };
}

function orderSeed(order: OrderRecord): OrderSeed {
  return {
    id: order.id,
    accountId: order.accountId,
    productId: order.productId,
    quantity: order.quantity,
    orderSource: order.orderSource,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    ...(order.provisionedAt !== order.createdAt && { provisionedAt: new Date(order.provisionedAt).toISOString() }),
    unitPriceThb: toThb(order.unitPrice),
    items: order.items.map(({ id, sequenceNo, iccid, phone, smdpAddress, matchingId }) => ({ id, sequenceNo, iccid, phone, smdpAddress, matchingId })),
  };
}
