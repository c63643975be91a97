import { byteSize } from '../lib/byte-size.js';
import { maskApiKey } from '../lib/mask-api-key.js';
import { asRecord, dataOf, type Target } from './exchange.js';
import type { ResolvedServiceOptions } from './fidelity-options.js';
import { listOf, observe, type Observation, type ProbeContext } from './probe.js';
import { chargedOnceProbe, firstOrderProbe, mismatchProbe, newOrder, newOrderStatusProbe, ORDER_LIMITS, planOrder, replayProbe, unknownFieldProbe, type OrderPlan } from './order-probes.js';
import { orderStatusProbe, readProbes, settled, settledItems } from './read-probes.js';

export interface ProbeRun {
  /** Every probe sent, in order, with its answer. */
  observations: Observation[];
  /** The order `--orders` placed, or why it placed none. */
  order?: OrderPlan | { skipped: string };
}

export interface RunProbesOptions {
  /** Place, replay and re-key one order (createOrder). */
  orders: boolean;
  /** The idempotencyKey of that order. */
  idempotencyKey: string;
  /** Told the order just before it is placed. */
  onOrder?: (plan: OrderPlan) => void;
}

/** The checks in order: every read, then (with `orders`) one order, its replay, the key with another quantity, and the balance. */
export async function runProbes(target: Target, options: RunProbesOptions): Promise<ProbeRun> {
  const context: ProbeContext = { listSizes: {} };
  const observations: Observation[] = [];
  const byId = (id: string) => observations.find((observation) => observation.probe.id === id);
  const probes = readProbes();
  for (let index = 0; index < probes.length; index++) {
    const probe = probes[index]!;
    const observation = await observe(target, probe, context);
    observations.push(observation);
    const list = listOf(observation.answer);
    if (probe.id.endsWith('?limit=200') && list) context.listSizes[probe.route] = list.length;
    if (probe.id === 'getOrders?limit=200' && list) {
      // The newest order whose eSIMs are all provisioned: its status cannot move, so it can be read twice and compared.
      const first = (list.find((order) => settledItems(asRecord(order)?.items)) ?? list[0]) as { id?: unknown } | undefined;
      if (typeof first?.id === 'string') probes.push(orderStatusProbe(first.id));
    }
    const listed = probe.id === 'getOrderStatus' ? /purchaseOrderId=([^&]+)/.exec(probe.request.path)?.[1] : undefined;
    if (listed && settled(observation.answer)) probes.push(orderStatusProbe(decodeURIComponent(listed), true));
  }
  if (!options.orders) return { observations };

  const plan = planOrder(byId('getProducts?limit=200')?.answer, byId('getBalance')?.answer, options.idempotencyKey);
  if ('skipped' in plan) return { observations, order: plan };
  options.onOrder?.(plan);
  const first = await observe(target, firstOrderProbe(plan), context);
  observations.push(first);
  if (first.answer.status !== 200) {
    return { observations, order: { skipped: `createOrder answered ${first.summary.shown}, so there was nothing to replay` } };
  }
  // Each createOrder after the first is sent only while the key is known to hold: once one places a new order,
  // another could too, and the plan promised at most 2 orders and 3 eSIMs.
  const orders = [first];
  const firstId = asRecord(dataOf(first.answer))?.purchaseOrderId;
  for (const probe of [replayProbe(plan, first.answer), mismatchProbe(plan, first.answer), unknownFieldProbe(plan)]) {
    if (orders.some((sent) => sent !== first && newOrder(sent.answer, firstId))) break;
    const observation = await observe(target, probe, context);
    observations.push(observation);
    orders.push(observation);
  }
  const before = byId('getBalance')?.answer;
  if (before) observations.push(await observe(target, chargedOnceProbe(before, orders.map(({ answer }) => answer)), context));
  const status = newOrderStatusProbe(first.answer);
  if (status) observations.push(await observe(target, status, context));
  return { observations, order: plan };
}

/** The requests of a run, counted before any is sent: the reads, two more if an order is listed (its status, read twice), and the order checks. */
function requestBudget(orders: boolean, extraReads = 0): { reads: number; writes: number } {
  const reads = readProbes().length + 2 + (orders ? 2 + extraReads : 0);
  return { reads, writes: orders ? 4 : 0 };
}

/** What a run will do, told before it starts. */
export function planLines(action: string, options: ResolvedServiceOptions, readsAfterOrders = 0): string[] {
  const { reads, writes } = requestBudget(options.orders, readsAfterOrders);
  const seconds = Math.ceil((reads + writes) / options.rate);
  const lines = [
    `${action} ${options.baseUrl} with key ${maskApiKey(options.apiKey)}: at most ${reads} GET requests` +
      `${writes ? ` and ${writes} createOrder requests` : ' (read-only)'}, ${options.rate} a second at most (about ${seconds} s), ` +
      `${options.timeoutMs / 1000} s timeout each, ${options.budgetS} s in all; answers over ${byteSize(options.maxBodyBytes)} are refused ` +
      `(an answer 429 is waited out and sent again, up to 3 times, when its Retry-After fits in the time left).`,
  ];
  if (options.orders) {
    lines.push(
      `--orders: places 1 order of quantity 1 of the cheapest active product (chosen from getProducts), sends it again ` +
        `with the same idempotencyKey, then sends that key with quantity 2, then the first body again with a field the spec ` +
        `does not list; once one of them places a new order, none is sent after it. At most ${ORDER_LIMITS.orders} orders and ` +
        `${ORDER_LIMITS.esims} eSIMs are bought: the second order only if the service forgets the key or takes it with another quantity as a new order.`,
    );
  }
  return lines;
}

/** The order, as told just before it is placed and in the report. */
export function orderText(plan: OrderPlan): string {
  const worst = Math.round(plan.unitPriceThb * ORDER_LIMITS.esims * 100) / 100;
  return (
    `1 × ${plan.sku} (${plan.name}, ${plan.productId}) at ${plan.unitPriceThb} THB, idempotencyKey ${plan.idempotencyKey}; ` +
    `at most ${worst} THB in all`
  );
}
