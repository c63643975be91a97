import path from 'node:path';
import { count } from '../../lib/count.js';
import { maskApiKey } from '../../lib/mask-api-key.js';
import { inSingleExecutable } from '../../lib/package-files.js';
import { projectRoot } from '../../scenarios/load-scenario.js';
import { SCOPES, type Scope } from '../../contract/scopes.js';
import { scenarioSchemas, type ScenarioFile } from '../../scenarios/scenario-schema.js';
import { dataOf, errorOf } from '../exchange.js';
import type { ServiceOptions } from '../fidelity-options.js';
import { weighEvidence, type VerifyEvidence } from '../evidence.js';
import { inferBehaviors, type BehaviorSwitches, type Inference } from '../infer-behaviors.js';
import { ROUTE_SCOPES, type Observation } from '../probe.js';
import { checkOutputFile, writeJsonFile } from '../private-file.js';
import { behaviorOf, ordersSkipped, probeService, redactKey } from '../verify-service.js';
import { replayCheck, type ReplayCheck } from './replay-check.js';
import { NOT_SHOWN_BY_THE_API, scenarioFromService } from './scenario-from-service.js';

export interface RecordOptions extends ServiceOptions {
  /** Where the scenario is written: a new 0600 file renamed over it. */
  out: string;
  /** Replace `out` even when it is a symlink or not a regular file (the entry itself). Default: false, refused. */
  replaceSpecial?: boolean;
  /** Keep the eSIMs of past orders as issued (ICCIDs, activation codes, phone numbers). Default: false, new ones are issued. */
  keepSecrets?: boolean;
  /** The scenario's name. Default: `recorded-<host>`. */
  name?: string;
  /** The time of the recording, epoch ms. Default: now. */
  now?: () => number;
}

/** What `esim-sandbox record` did, as it prints it. */
export interface RecordResult {
  file: string;
  scenario: ScenarioFile;
  /** The recorded key, masked. */
  apiKey: string;
  scopes: Scope[];
  behavior: BehaviorSwitches;
  leftOut: { name: string; reason: string }[];
  evidence: VerifyEvidence;
  /** The evidence was strong: the behaviours carried are the service's. Otherwise none is carried (exit code 3). */
  trustworthy: boolean;
  /** What the answers had that the scenario could not say exactly. */
  notes: string[];
  /** What the API does not show, so no recording has it. */
  notShown: string[];
  replay: ReplayCheck[];
  /** What broke the contract while recording, a line a problem (verify lists them in full). */
  contractProblems: string[];
  /** How many answers had those problems, of how many checked. */
  brokenAnswers: number;
  answers: number;
  requests: number;
}

/** The account's reads were rate-limited: nothing to record. */
export class NothingToRecord extends Error {
  override name = 'NothingToRecord';
}

/** The reads whose data a scenario is made of, by probe id. */
const SNAPSHOT_READS = ['getBalance', 'getProducts?limit=200', 'getPaymentHistory?limit=200', 'getOrders?limit=200'] as const;

/** Verify's checks (read-only unless `orders`), the scenario made of their answers, and a replay of the reads against it. */
export async function recordScenario(options: RecordOptions): Promise<RecordResult> {
  const file = path.resolve(options.out);
  const output = { option: '--out', file: options.out, replaceSpecial: options.replaceSpecial ?? false };
  await checkOutputFile(output);
  const { run, resolved, target, requests } = await probeService('record', options, 2);
  const observations = run.observations;
  const limited = SNAPSHOT_READS.map((id) => observations.find((observation) => observation.probe.id === id)).find((observation) => observation?.answer.rateLimited);
  if (limited) {
    throw new NothingToRecord(`${limited.probe.check} was rate-limited (429: ${limited.answer.rateLimited}), so the account cannot be recorded; nothing was written. Try again later or raise --budget`);
  }
  const latest = new Map(observations.map(({ probe, answer }) => [probe.id, { request: probe.request, answer }]));
  if (run.order && !('skipped' in run.order)) {
    // The order just placed belongs in the recording: the balance and the orders are read again.
    for (const id of ['getBalance', 'getOrders?limit=200']) {
      const { request } = latest.get(id)!;
      latest.set(id, { request, answer: await target.send(request) });
    }
  }
  const evidence = weighEvidence(observations);
  const inferred = inferBehaviors(observations, ordersSkipped(run), evidence);
  const keepSecrets = options.keepSecrets ?? false;
  const recorded = scenarioFromService({
    baseUrl: resolved.baseUrl,
    apiKey: resolved.apiKey,
    balance: dataOf(latest.get('getBalance')?.answer),
    products: dataOf(latest.get('getProducts?limit=200')?.answer),
    payments: dataOf(latest.get('getPaymentHistory?limit=200')?.answer),
    orders: dataOf(latest.get('getOrders?limit=200')?.answer),
    ...provenAccess(observations),
    // Only what strong evidence settled: a switch read from a random or static server would be noise.
    behavior: evidence.kind === 'strong' ? behaviorOf(inferred) : {},
    recordedAt: options.now?.() ?? Date.now(),
    keepSecrets,
    ...(options.name !== undefined && { name: options.name }),
  });
  const checked = scenarioSchemas().scenarioFile.safeParse(recorded.scenario);
  if (!checked.success) throw new Error(`the recorded scenario does not validate, which is a bug of record: ${checked.error.message}`);

  const reads = [...SNAPSHOT_READS, 'getOrderStatus'].flatMap((id) => {
    const read = latest.get(id);
    return read && read.answer.status === 200 ? [read] : [];
  });
  const replay = await replayCheck(recorded.scenario, recorded.apiKey, reads, keepSecrets);
  const schema = schemaPathFrom(path.dirname(file));
  const scenario: ScenarioFile = { ...(schema !== undefined && { $schema: schema }), ...recorded.scenario };
  // The file holds the key in full: readable by its owner only.
  await writeJsonFile(output, scenario);
  return redactKey(
    {
      file,
      scenario,
      apiKey: maskApiKey(recorded.apiKey),
      scopes: recorded.scenario.apiKeys![0]!.scopes!,
      behavior: recorded.scenario.behavior ?? {},
      leftOut: leftOut(inferred),
      evidence,
      trustworthy: evidence.kind === 'strong',
      notes: recorded.notes,
      notShown: NOT_SHOWN_BY_THE_API,
      replay,
      contractProblems: observations.flatMap((observation) => observation.problems.map((problem) => `${observation.probe.check}: ${problem}`)),
      brokenAnswers: observations.filter((observation) => observation.problems.length > 0).length,
      answers: observations.length,
      requests: requests(),
    },
    resolved.apiKey,
  );
}

/** Each open point without a switch in the scenario, and why: not determined, not measurable, or no switch does it. */
function leftOut(inferred: readonly Inference[]): { name: string; reason: string }[] {
  return inferred.flatMap((inference) => {
    if (inference.behavior) return [];
    if (inference.value === undefined) {
      return [{ name: inference.name, reason: `${inference.unknown ?? 'not determined'}${inference.seems ? ` (it seemed: ${inference.seems})` : ''}` }];
    }
    const same = inference.name.startsWith('ordering of ') && inference.value === 'newest first';
    return [{ name: inference.name, reason: `${inference.value}: ${same ? 'as the sandbox lists, no switch needed' : (inference.switchNote ?? 'no scenario switch does this; the sandbox keeps its own')}` }];
  });
}

/** The scopes a 2xx answer to the caller's key proved, and whether the account waits for KYC. */
function provenAccess(observations: readonly Observation[]): { scopes: Scope[]; kyc: 'approved' | 'pending' } {
  const scopes = new Set<Scope>();
  let kyc: 'approved' | 'pending' = 'approved';
  for (const { probe, answer } of observations) {
    if (probe.request.key !== 'caller') continue;
    if (answer.status === 200) scopes.add(ROUTE_SCOPES[probe.route]);
    if (errorOf(answer)?.code === 'KYC_REQUIRED') kyc = 'pending';
  }
  return { scopes: SCOPES.filter((scope) => scopes.has(scope)), kyc };
}

/** For `$schema`, so that editors check the file; none from the single-file executable, whose schema no editor finds. */
function schemaPathFrom(dir: string): string | undefined {
  if (inSingleExecutable) return undefined;
  const schema = path.join(projectRoot, 'scenario.schema.json');
  const relative = path.relative(dir, schema).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

export function formatRecordResult(result: RecordResult, shownPath: string): string {
  const { scenario } = result;
  const listed = scenario.products?.filter((product) => product.active !== false).length ?? 0;
  const inactive = (scenario.products?.length ?? 0) - listed;
  const lines = [
    `Wrote ${shownPath}: scenario "${scenario.name}" with ${listed} products${inactive ? ` (and ${inactive} inactive ${inactive === 1 ? 'product' : 'products'} that past orders name)` : ''}, ` +
      `${count(scenario.payments?.length ?? 0, 'payment')} and ${count(scenario.orders?.length ?? 0, 'order')}; the key ${result.apiKey} with ` +
      `${result.scopes.length ? result.scopes.join(', ') : 'no scope proven'}.`,
    `Behaviours carried over (strong evidence only): ${Object.keys(result.behavior).length ? JSON.stringify(result.behavior) : 'none (the sandbox defaults stay)'}.`,
    'Left out (the sandbox defaults stay):',
    // The evidence is said once, at the end, rather than on every point it kept out.
    ...result.leftOut.map(({ name, reason }) => `  - ${name}: ${reason.replace(`not determined: ${result.evidence.text}`, 'not determined: the evidence is not strong (said below)')}`),
    '',
    'The recorded sandbox answers the reads the service answered:',
  ];
  const width = Math.max(0, ...result.replay.map((check) => shortRead(check.read).length));
  for (const check of result.replay) {
    const how = check.result === 'same but for the eSIM secrets' ? `${check.result} (issued anew; --keep-secrets keeps them)` : check.result;
    lines.push(`  ${shortRead(check.read).padEnd(width)}  ${how}`, ...check.differences.map((difference) => `    ${difference}`));
  }
  if (result.notes.length > 0) lines.push('', 'Recorded as near as the scenario format allows:', ...result.notes.map((note) => `  - ${note}`));
  lines.push('', 'Not recorded, since no answer of the API shows it:', ...result.notShown.map((line) => `  - ${line}`));
  if (!result.scopes.includes('orders:write')) {
    lines.push(
      '',
      'orders:write is not proven, so the recorded key cannot createOrder: record with --orders to prove it (it places 1 order of 1 eSIM), ' +
        'or add "orders:write" to apiKeys[0].scopes in the file if the key has it.',
    );
  }
  if (result.contractProblems.length > 0) {
    const problems = `${count(result.contractProblems.length, 'problem')} in all`;
    lines.push('', `${result.brokenAnswers} of the ${count(result.answers, 'answer')} broke the contract while recording (${problems}); esim-sandbox verify lists them.`);
  }
  if (!result.trustworthy) {
    const why = `Not to be trusted as the service's behaviour (exit code 3): ${result.evidence.text}.`;
    lines.push('', `${why} No behaviour was carried over; the data is written as it was answered.`);
  }
  lines.push(
    '',
    `The file holds the API key in full (it is written readable by you only): keep it out of version control.`,
    `Serve it: esim-sandbox serve --scenario ${shownPath}`,
  );
  return `${lines.join('\n')}\n`;
}

function shortRead(read: string): string {
  return read.startsWith('getOrderStatus') ? 'getOrderStatus of a listed order' : read;
}
