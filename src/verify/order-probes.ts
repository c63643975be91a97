import { asRecord, dataOf, statusAndCode, type ReceivedAnswer } from './exchange.js';
import { isInputRefusal, listOf, probeOf, shownAsIs, type Probe } from './probe.js';
import { toSatang, toThb } from '../lib/money.js';

/** The one order `--orders` places: 1 eSIM of the cheapest active product. */
export interface OrderPlan {
  productId: string;
  sku: string;
  name: string;
  unitPriceThb: number;
  idempotencyKey: string;
}

/** How many orders and eSIMs `--orders` may cause at most, said before anything is sent. */
export const ORDER_LIMITS = { orders: 2, esims: 3 } as const;

/** The plan, or why no order is placed: no product to buy, or a balance that does not cover it. */
export function planOrder(products: ReceivedAnswer | undefined, balance: ReceivedAnswer | undefined, idempotencyKey: string): OrderPlan | { skipped: string } {
  const list = products ? listOf(products) : undefined;
  if (!list) return { skipped: `getProducts gave no product list (${products?.status ?? 'not asked'}), so there is nothing to order` };
  let cheapest: OrderPlan | undefined;
  for (const entry of list) {
    const product = asRecord(entry);
    const price = product?.currentUnitPriceThb;
    if (typeof product?.id !== 'string' || typeof price !== 'number') continue;
    if (!cheapest || price < cheapest.unitPriceThb) {
      cheapest = { productId: product.id, sku: String(product.sku), name: String(product.name), unitPriceThb: price, idempotencyKey };
    }
  }
  if (!cheapest) return { skipped: 'getProducts listed no product with an id and a currentUnitPriceThb' };
  if (cheapest.unitPriceThb < 0) {
    return { skipped: `the cheapest product (${cheapest.sku}) costs ${cheapest.unitPriceThb} THB, a negative price, which the spec rules out: no order is placed at it` };
  }
  const available = asRecord(dataOf(balance))?.balanceThb;
  if (typeof available === 'number' && available < cheapest.unitPriceThb) {
    return { skipped: `the balance (${available} THB) does not cover 1 × ${cheapest.sku} at ${cheapest.unitPriceThb} THB; top up or verify without --orders` };
  }
  return cheapest;
}

const orderRequest = (plan: OrderPlan, quantity: number) => ({
  method: 'POST' as const,
  path: '/createOrder',
  key: 'caller' as const,
  body: { productId: plan.productId, quantity, idempotencyKey: plan.idempotencyKey },
});

export function firstOrderProbe(plan: OrderPlan): Probe {
  return probeOf({
    id: 'createOrder',
    check: 'createOrder, quantity 1, new idempotencyKey',
    request: orderRequest(plan, 1),
    rules: (answer) => {
      if (answer.status !== 200) return [];
      const data = asRecord(dataOf(answer));
      const problems = data?.reused === false ? [] : [`data.reused is ${JSON.stringify(data?.reused)}, the spec says false for a new order`];
      if (data?.quantity !== undefined && data.quantity !== 1) problems.push(`data.quantity is ${JSON.stringify(data.quantity)} for an order of 1`);
      const items = data?.items;
      if (Array.isArray(items) && items.length !== 1) problems.push(`data.items has ${items.length} eSIMs for an order of 1`);
      return problems;
    },
    summarize: (answer) => {
      if (answer.status !== 200) return shownAsIs(statusAndCode(answer));
      const data = asRecord(dataOf(answer));
      // A new order that says reused (ruled out) is said so in the row too, as in its detail.
      const reused = data?.reused === false ? '' : ` (reused ${JSON.stringify(data?.reused)})`;
      return Array.isArray(data?.items)
        ? { shown: `200, new order with its eSIM${reused}`, key: 'immediate' }
        : { shown: `200, new order without items (provisioning later)${reused}`, key: 'delayed' };
    },
  });
}

export function replayProbe(plan: OrderPlan, first: ReceivedAnswer): Probe {
  const firstId = asRecord(dataOf(first))?.purchaseOrderId;
  return probeOf({
    id: 'createOrder replay',
    check: 'createOrder again, same body and key',
    request: orderRequest(plan, 1),
    rules: (answer) => {
      if (answer.status !== 200) return [`the spec returns the original order for a resubmitted idempotencyKey, got ${statusAndCode(answer)}`];
      const data = asRecord(dataOf(answer));
      // A new order, said as new (reused false), is a key that expired: a lifetime the spec leaves open.
      if (newOrder(answer, firstId)) return [];
      const problems: string[] = [];
      if (data?.purchaseOrderId !== firstId) problems.push(`data.purchaseOrderId is ${JSON.stringify(data?.purchaseOrderId)}, the original order is ${JSON.stringify(firstId)}`);
      if (data?.reused !== true) problems.push(`data.reused is ${JSON.stringify(data?.reused)} for the resubmitted order`);
      return problems;
    },
    summarize: (answer) => {
      if (answer.status !== 200) return shownAsIs(statusAndCode(answer));
      if (newOrder(answer, firstId)) return { shown: '200, a new order (reused false: the key was forgotten)', key: 'new order' };
      const data = asRecord(dataOf(answer)) ?? {};
      // The row says what the detail says: a replay that does not say reused is not called a reused answer.
      if (data.reused !== true) return { shown: `200, reused ${JSON.stringify(data.reused)}`, key: 'not reused' };
      const minimal = Object.keys(data).every((key) => key === 'purchaseOrderId' || key === 'reused');
      return minimal
        ? { shown: '200, reused: purchaseOrderId and reused only', key: 'minimal' }
        : { shown: '200, reused: the full order', key: 'full' };
    },
  });
}

export function mismatchProbe(plan: OrderPlan, first: ReceivedAnswer): Probe {
  const firstId = asRecord(dataOf(first))?.purchaseOrderId;
  return probeOf({
    id: 'createOrder mismatch',
    check: 'createOrder, same key, quantity 2',
    request: orderRequest(plan, 2),
    // A new order, said as new, is a key expired or another body taken as new: neither is ruled out by the spec.
    rules: (answer) =>
      answer.status === 200 && asRecord(dataOf(answer))?.purchaseOrderId !== firstId && !newOrder(answer, firstId)
        ? [`data.reused is ${JSON.stringify(asRecord(dataOf(answer))?.reused)} for an order that is not the original (${JSON.stringify(asRecord(dataOf(answer))?.purchaseOrderId)})`]
        : [],
    summarize: (answer) => {
      if (answer.status === 200) {
        return asRecord(dataOf(answer))?.purchaseOrderId === firstId
          ? { shown: '200, the original order', key: 'return-original' }
          : { shown: '200, a new order', key: 'new order' };
      }
      return answer.status === 409 || isInputRefusal(answer.status) ? { shown: `${statusAndCode(answer)}`, key: 'reject' } : shownAsIs(statusAndCode(answer));
    },
  });
}

const UNKNOWN_FIELD = 'verifyUnknownField';

/**
 * The replay of the order placed, with a field the spec does not list: a service that ignores unknown fields
 * answers the original order (nothing charged, as for any replay); one that refuses them answers 400.
 */
export function unknownFieldProbe(plan: OrderPlan): Probe {
  return probeOf({
    id: 'createOrder unknown field',
    check: `createOrder again, same body and key, plus "${UNKNOWN_FIELD}"`,
    request: { ...orderRequest(plan, 1), body: { ...orderRequest(plan, 1).body, [UNKNOWN_FIELD]: 1 } },
    summarize: (answer) => {
      if (answer.status === 200) return { shown: `200 (field ignored${asRecord(dataOf(answer))?.reused === true ? ', the original order' : ''})`, key: 'ignore' };
      if (answer.status >= 400 && answer.status < 500) return { shown: `${answer.status} (field refused)`, key: 'reject' };
      return { shown: String(answer.status), key: String(answer.status) };
    },
  });
}

/**
 * getBalance after the orders: purchases grew by the first order's total, plus the second's when the key
 * with another quantity placed one; anything else is a double charge (or none).
 */
export function chargedOnceProbe(before: ReceivedAnswer, orders: ReceivedAnswer[]): Probe {
  const purchasesBefore = asRecord(dataOf(before))?.totalPurchasesThb;
  // Each order once: a replay answers the order it replays.
  const placedOrders = orders
    .map((answer) => asRecord(dataOf(answer)))
    .filter((data, index, all) => data && all.findIndex((other) => other?.purchaseOrderId === data.purchaseOrderId) === index);
  const charged = placedOrders.reduce((sum, data) => sum + (typeof data?.totalPriceThb === 'number' ? toSatang(data.totalPriceThb) : 0), 0);
  const grewBy = (answer: ReceivedAnswer) => {
    const after = asRecord(dataOf(answer))?.totalPurchasesThb;
    return typeof purchasesBefore === 'number' && typeof after === 'number' ? toSatang(after) - toSatang(purchasesBefore) : undefined;
  };
  return probeOf({
    id: 'getBalance after orders',
    check: 'getBalance after the orders (charged once)',
    request: { method: 'GET', path: '/getBalance', key: 'caller' },
    rules: (answer) => {
      const grew = grewBy(answer);
      if (grew === undefined || grew === charged) return [];
      const why = grew > charged ? 'a replay was charged again' : 'the balance does not show every order placed';
      return [`totalPurchasesThb grew by ${toThb(grew)} THB, the orders placed cost ${toThb(charged)} THB: ${why}`];
    },
    summarize: (answer) => {
      const grew = grewBy(answer);
      if (grew === undefined) return shownAsIs(statusAndCode(answer));
      // A free order moves no balance: a replay charged again would look the same as one charged once.
      if (charged === 0 && grew === 0) {
        return { shown: '200, balance unchanged', key: 'charged once', notDetermined: 'not determined: the order cost 0 THB, so the balance cannot show a second charge' };
      }
      const placed = placedOrders.filter((data) => data?.purchaseOrderId !== undefined).length;
      if (grew === charged && placed > 1) return { shown: `200, charged for each of the ${placed} orders placed`, key: `charged for ${placed} orders` };
      return grew === charged
        ? { shown: '200, charged once', key: 'charged once' }
        : { shown: `200, charged ${toThb(grew)} THB for ${toThb(charged)} THB of orders`, key: 'charged wrong' };
    },
  });
}

export function newOrderStatusProbe(first: ReceivedAnswer): Probe | undefined {
  const id = asRecord(dataOf(first))?.purchaseOrderId;
  if (typeof id !== 'string') return undefined;
  return probeOf({
    id: 'getOrderStatus of the new order',
    check: 'getOrderStatus of the new order',
    request: { method: 'GET', path: `/getOrderStatus?purchaseOrderId=${encodeURIComponent(id)}`, key: 'caller' },
    rules: (answer) => {
      if (answer.status !== 200) return [`the order createOrder just placed is not found: ${statusAndCode(answer)}`];
      const answered = asRecord(dataOf(answer))?.id;
      return typeof answered === 'string' && answered.toLowerCase() === id.toLowerCase() ? [] : [`data.id is ${JSON.stringify(answered)}, the order asked for is ${id}`];
    },
  });
}

/** A 200 for a resubmitted key that is another order than the first, and says it is new (reused false). */
export function newOrder(answer: ReceivedAnswer, firstId: unknown): boolean {
  const data = asRecord(dataOf(answer));
  return answer.status === 200 && typeof data?.purchaseOrderId === 'string' && data.purchaseOrderId !== firstId && data.reused === false;
}
