import { maskApiKey, redactSecrets } from '../lib/mask-api-key.js';
import type { Target } from './exchange.js';
import { resolveServiceOptions, type ServiceOptions } from './fidelity-options.js';
import { DEFAULT_SCENARIO_KEY, httpTarget, sandboxTarget, TimeBudget } from './targets.js';
import { weighEvidence } from './evidence.js';
import { inferBehaviors, type BehaviorSwitches } from './infer-behaviors.js';
import { refusedRoutes } from './probe.js';
import { assertSpeaksTheApi } from './not-the-api.js';
import { orderText, planLines, runProbes, type ProbeRun } from './run-probes.js';
import { toolUserAgent, type ToolName } from '../lib/tool-user-agent.js';
import { answerRows, messageRows, openPointRows, type VerifyReport } from './verify-report.js';

export type VerifyOptions = ServiceOptions;

/**
 * Checks a deployment against the contract and the sandbox: sends every check to it, validates each answer
 * against the OpenAPI document and the spec's rules, sends the same checks to a sandbox of the `default`
 * scenario in-process, and compares. Rejects with ServiceUnreachable when the service cannot be reached.
 */
export async function verifyService(options: VerifyOptions): Promise<VerifyReport> {
  const { run, resolved, requests, refused } = await probeService('verify', options);
  const sandboxRun = await runProbes(sandboxTarget('default', DEFAULT_SCENARIO_KEY), {
    orders: resolved.orders,
    idempotencyKey: 'verify-sandbox-order-0001',
  });
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
    exitCode: !conforms ? 1 : nothingDetermined(run) || evidence.kind === 'varies' || evidence.kind === 'static' ? 2 : 0,
    evidence,
    requests: requests(),
    rows,
    behavior: behaviorOf(inferred),
    messages: messageRows(run.observations, sandboxRun.observations),
    ...(run.order && { order: 'skipped' in run.order ? { skipped: run.order.skipped } : { placed: orderText(run.order) } }),
    notes: [...refused.map(({ route, reason }) => `The key was refused on ${route} (${reason}): its answers there are not checked.`), ...notesOf(run)],
  };
  return redactKey(report, resolved.apiKey);
}

/**
 * Sends every check to the service, after telling the plan; each request is marked as the tool's. Shared by verify
 * and record. Rejects with NotTheApi when nothing answered as the API, KeyRefused when the key was refused everywhere.
 */
export async function probeService(tool: ToolName, options: ServiceOptions, readsAfterOrders = 0) {
  const resolved = resolveServiceOptions(options);
  for (const line of planLines(tool === 'verify' ? 'Verifying' : 'Recording', resolved, readsAfterOrders)) resolved.log(line);
  let sent = 0;
  const budget = new TimeBudget(resolved.budgetS);
  const target: Target = httpTarget({ ...resolved, budget, userAgent: toolUserAgent(tool), onSend: () => sent++ });
  const run = await runProbes(target, {
    orders: resolved.orders,
    idempotencyKey: resolved.idempotencyKey,
    onOrder: (plan) => resolved.log(`Ordering ${orderText(plan)}.`),
  });
  assertSpeaksTheApi(run.observations, resolved.baseUrl);
  const refused = refusedRoutes(run.observations);
  return { run, resolved, target, refused, requests: () => sent };
}

/** Every answer of the service was a 429 that was not waited out: the run shows nothing. */
function nothingDetermined(run: ProbeRun): boolean {
  return run.observations.every((observation) => observation.answer.rateLimited !== undefined);
}

/** Why the points only an order shows were not checked. */
export function ordersSkipped(run: ProbeRun): string | undefined {
  return run.order && 'skipped' in run.order ? `no order was placed: ${run.order.skipped}` : undefined;
}

/** The switches of every open point the answers settled. */
export function behaviorOf(inferred: readonly { behavior?: BehaviorSwitches }[]): BehaviorSwitches {
  return Object.assign({}, ...inferred.map((inference) => inference.behavior ?? {}));
}

function notesOf(run: ProbeRun): string[] {
  const notes: string[] = [];
  if (run.order && 'skipped' in run.order) notes.push(`No order was placed: ${run.order.skipped}.`);
  if (!run.order) notes.push('Read-only: reusedResponse and idempotencyMismatch need --orders (1 order of 1 eSIM, at most 2 orders and 3 eSIMs).');
  return notes;
}

/** `value` with `key`, and whatever looks like a key or token, masked in its strings, for anything printed or written to a report. */
export function redactKey<T>(value: T, key: string): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redactSecrets(node, [key]);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, walk(child)]));
    return node;
  };
  return walk(value) as T;
}
