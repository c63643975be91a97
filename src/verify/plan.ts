import { byteSize } from '../lib/count.js';
import { maskApiKey } from '../lib/mask-api-key.js';
import type { ResolvedServiceOptions } from './fidelity-options.js';
import { ORDER_LIMITS, type OrderPlan } from './order-probes.js';
import { readProbes } from './read-probes.js';

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
