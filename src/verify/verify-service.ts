import { byteSize } from '../lib/count.js';
import { maskApiKey, redactSecrets } from '../lib/mask-api-key.js';
import { toolUserAgent, type ToolName } from '../lib/tool-user-agent.js';
import { asRecord, dataOf, type Target } from './exchange.js';
import { resolveServiceOptions, type ResolvedServiceOptions, type ServiceOptions } from './fidelity-options.js';
import { DEFAULT_SCENARIO_KEY, httpTarget, sandboxTarget, TimeBudget } from './targets.js';
import { weighEvidence } from './evidence.js';
import { inferBehaviors, type BehaviorSwitches } from './infer-behaviors.js';
import { assertSpeaksTheApi, listOf, observe, refusedRoutes, type Observation, type ProbeContext } from './probe.js';
import { chargedOnceProbe, firstOrderProbe, mismatchProbe, newOrder, newOrderStatusProbe, ORDER_LIMITS, planOrder, replayProbe, unknownFieldProbe, type OrderPlan } from './order-probes.js';
import { orderStatusProbe, readProbes, settledItems } from './read-probes.js';
import { answerRows, messageRows, openPointRows, type VerifyReport } from './verify-report.js';

export type VerifyOptions = ServiceOptions;

/** Checks each answer by the document and the spec's rules, against an in-process `default` sandbox's; may reject with ServiceUnreachable. */
export async function verifyService(options: VerifyOptions): Promise<VerifyReport> {
  const { run, resolved, requests, refused } = await probeService('verify', options);
  const sandboxRun = await runProbes(sandboxTarget('default', DEFAULT_SCENARIO_KEY), { orders: resolved.orders, idempotencyKey: 'verify-sandbox-order-0001' });
  const evidence = weighEvidence(run.observations);
  const inferred = inferBehaviors(run.observations, ordersSkipped(run), evidence);
  const rows = [
    ...answerRows(run.observations, sandboxRun.observations),
    ...openPointRows(inferred, inferBehaviors(sandboxRun.observations)),
  ];
  const conforms = rows.every((row) => row.result !== 'breaks contract');
  const report: VerifyReport = {
    baseUrl: resolved.baseUrl,
    apiKey: maskApiKey(resolved.apiKey),
    readOnly: !resolved.orders,
    conforms,
    // Nothing determined: every answer a 429 not waited out, or answers that cannot be trusted.
    exitCode: !conforms ? 1 : run.observations.every(({ answer }) => answer.rateLimited !== undefined) || evidence.kind === 'varies' || evidence.kind === 'static' ? 2 : 0,
    evidence,
    requests: requests(),
    rows,
    behavior: behaviorOf(inferred),
    messages: messageRows(run.observations, sandboxRun.observations),
    ...(run.order && { order: 'skipped' in run.order ? { skipped: run.order.skipped } : { placed: orderText(run.order) } }),
    notes: [
      ...refused.map(({ route, reason }) => `The key was refused on ${route} (${reason}): its answers there are not checked.`),
      ...(!run.order ? ['Read-only: reusedResponse and idempotencyMismatch need --orders (1 order of 1 eSIM, at most 2 orders and 3 eSIMs).'] : []),
      ...(run.order && 'skipped' in run.order ? [`No order was placed: ${run.order.skipped}.`] : []),
    ],
  };
  return redactKey(report, resolved.apiKey);
}

/** Rejects with NotTheApi when nothing answered as the API, KeyRefused when the key was refused everywhere. */
export async function probeService(tool: ToolName, options: ServiceOptions, readsAfterOrders = 0) {
  const resolved = resolveServiceOptions(options);
  for (const line of planLines(tool === 'verify' ? 'Verifying' : 'Recording', resolved, readsAfterOrders)) resolved.log(line);
  const budget = new TimeBudget(resolved.budgetS);
  const target = httpTarget({ ...resolved, budget, userAgent: toolUserAgent(tool) });
  const run = await runProbes(target, { ...resolved, onOrder: (plan) => resolved.log(`Ordering ${orderText(plan)}.`) });
  assertSpeaksTheApi(run.observations, resolved.baseUrl);
  const refused = refusedRoutes(run.observations);
  return { run, resolved, target, refused, requests: target.sent };
}

export function ordersSkipped(run: ProbeRun): string | undefined {
  return run.order && 'skipped' in run.order ? `no order was placed: ${run.order.skipped}` : undefined;
}

export function behaviorOf(inferred: readonly { behavior?: BehaviorSwitches }[]): BehaviorSwitches {
  return Object.assign({}, ...inferred.map((inference) => inference.behavior ?? {}));
}

/** `value` with `key`, and whatever looks like a key or token, masked in its strings. */
export function redactKey<T>(value: T, key: string): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redactSecrets(node, [key]);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, walk(child)]));
    return node;
  };
  return walk(value) as T;
}

interface ProbeRun {
  observations: Observation[];
  order?: OrderPlan | { skipped: string };
}

/** Every read, then (with `orders`) one order, its replay, the key with another quantity, and the balance. */
async function runProbes(
  target: Target,
  options: Pick<ResolvedServiceOptions, 'orders' | 'idempotencyKey'> & { onOrder?: (plan: OrderPlan) => void },
): Promise<ProbeRun> {
  const context: ProbeContext = { listSizes: {} };
  const observations: Observation[] = [];
  const byId = (id: string) => observations.find((observation) => observation.probe.id === id);
  const probes = readProbes();
  // The list grows as it is sent: an order getOrders lists is then read (twice, once it cannot move).
  for (const probe of probes) {
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
    if (listed && settledItems(asRecord(dataOf(observation.answer))?.items)) probes.push(orderStatusProbe(decodeURIComponent(listed), true));
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

/** Told before any request is sent; the reads count two more for a listed order's status, read twice. */
function planLines(action: string, options: ResolvedServiceOptions, readsAfterOrders: number): string[] {
  const reads = readProbes().length + 2 + (options.orders ? 2 + readsAfterOrders : 0);
  const writes = options.orders ? 4 : 0;
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

function orderText(plan: OrderPlan): string {
  const worst = Math.round(plan.unitPriceThb * ORDER_LIMITS.esims * 100) / 100;
  return `1 × ${plan.sku} (${plan.name}, ${plan.productId}) at ${plan.unitPriceThb} THB, idempotencyKey ${plan.idempotencyKey}; at most ${worst} THB in all`;
}
