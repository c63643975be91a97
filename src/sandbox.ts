import { fetchOutcome, type AnswerOptions, type AnswersApiRequests, type Reply } from './api/outcome.js';
import { everyProblem, parseInput } from './api/parse-input.js';
import { renderPayment } from './api/render.js';
import { API_ROUTER, type ApiRouter } from './api/route-map.js';
import { replayRequest } from './api/api-request.js';
import { serveCall, type CallServer, type ServedInstead } from './api/serve-call.js';
import { summarizeState } from './api/summarize-state.js';
import { buildStore } from './domain/build-store.js';
import { ApiError } from './domain/api-error.js';
import type { SandboxContext } from './domain/context.js';
import { queuedFaultSchema, queuedFaultText, type QueuedFault, type QueuedFaultInput } from './domain/queued-fault.js';
import { gradeReadiness } from './domain/readiness/checks.js';
import type { ReadinessReport } from './domain/readiness/report.js';
import { exportScenario } from './domain/scenario-export.js';
import { sessionApiKey, withoutSessionKeys, withSessionKeys } from './domain/session-keys.js';
import { topUp } from './domain/payments.js';
import { LatestPromise } from './lib/latest-promise.js';
import { Listeners } from './lib/listeners.js';
import { checkOptions } from './lib/options/check-options.js';
import { BoundedQrImageCache } from './lib/qr-image.js';
import { clockOf, contextOf, type SandboxKeeps } from './sandbox-context.js';
import { SandboxDisposedError } from './sandbox-disposed-error.js';
import { SANDBOX_OPTIONS } from './sandbox-options.js';
import { restoreSnapshot, snapshotContents, takeSnapshot, type SandboxSnapshot, type SnapshotContents } from './sandbox-snapshot.js';
import { loadScenario } from './scenarios/load-scenario.js';
import { localFiles, type ScenarioFileAccess } from './scenarios/scenario-file-access.js';
import { checkChaos, type ResolvedScenario, type ScenarioFile } from './scenarios/scenario-schema.js';
import { checkClockMode, type ClockMode, type SandboxClock } from './state/clock.js';
import { Journal, keyIdOf, type HistoryEntry, type JournalEntry, type JournalQuery, type MarkerKind, type RequestAsSent } from './state/journal.js';
import type { RequestRecord } from './state/request-record.js';
import { sandboxDb, type SandboxDb } from './state/sandbox-db.js';
import { SeededRandom } from './state/seeded-random.js';
import { recordedExamples } from './openapi-examples.js';
import { checkReadinessOptions, type ReadinessOptions } from './readiness-options.js';
import { maskApiKey } from './lib/mask-api-key.js';
import type { RenderedPayment, Sandbox, SandboxEvent, SandboxOptions, SandboxState, ScenarioSource, TopupInput } from './types.js';


/** A sandbox of the eSIM wholesale API: its own state, clock and seeded data, answering web-standard requests. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return new CoreSandbox(options);
}

/** The sandbox behind `createSandbox`; the session host holds it as it is, for its `answer`. */
export class CoreSandbox implements Sandbox, AnswersApiRequests {
  #scenario: ResolvedScenario;
  #context!: SandboxContext;
  #clock!: SandboxClock;
  #disposed = false;
  #db: SandboxDb | undefined;
  readonly #ready = new LatestPromise();
  #generation = 0;
  readonly #journal: Journal;
  readonly #wallClock: () => number;
  readonly #sessionId: string | undefined;
  readonly #files: ScenarioFileAccess;
  readonly #keeps: SandboxKeeps;
  readonly #listeners = new Listeners<SandboxEvent>();
  readonly #calls: CallServer;

  /** `sessionId`: the key suffix every scenario it loads carries; `servedInstead` (a proxy) is journaled all the same. */
  constructor(given: SandboxOptions, sessionId?: string, router: ApiRouter = API_ROUTER, servedInstead?: ServedInstead) {
    this.#sessionId = sessionId;
    const options = checkOptions(SANDBOX_OPTIONS, given) as Required<SandboxOptions>;
    this.#keeps = {
      seed: given.seed === undefined ? undefined : options.seed,
      qrImages: new BoundedQrImageCache(),
      wallClock: options.wallClock,
      clockMode: options.clock,
      hintHeader: options.hintHeader,
      chaos: options.chaos === undefined ? undefined : checkChaos(options.chaos),
    };
    this.#journal = new Journal(options.journalSize, options.journalBodies);
    this.#wallClock = options.wallClock;
    this.#calls = {
      router,
      readyState: () => this.#readyState(),
      liveState: () => this.#liveState(),
      journal: this.#journal,
      listeners: this.#listeners,
      wallClock: options.wallClock,
      examples: recordedExamples,
      servedInstead,
    };
    this.#files = localFiles(options.maxScenarioBytes);
    this.#scenario = this.#load(options.scenario);
    this.#ready.set(this.#start(this.#scenario));
  }

  get scenario(): ResolvedScenario {
    return this.#scenario;
  }

  /** As of the last call: an order due by a clock moved by hand turns `confirmed` at the next. */
  get db(): SandboxDb {
    return (this.#db ??= sandboxDb(() => {
      this.#checkLive();
      if (this.#context === undefined) throw new Error('the sandbox is still building its state: await any of its calls (sandbox.state(), a request) before reading sandbox.db');
      return this.#context.store.collections;
    }));
  }

  fetch(request: Request, options?: AnswerOptions): Promise<Response> {
    return fetchOutcome(this, request, options);
  }

  /** The request's outcome, given to `reply` by the request pipeline (src/api/serve-call.ts). */
  answer(record: RequestRecord, reply: Reply, options: AnswerOptions = {}): void {
    serveCall(this.#calls, record, options, reply);
  }

  journal(query?: JournalQuery): JournalEntry[] {
    return this.#journal.entries(query);
  }

  history(query?: JournalQuery): HistoryEntry[] {
    return this.#journal.history(query);
  }

  clearHistory(): void {
    this.#checkLive();
    this.#journal.clear();
    this.#listeners.emit({ type: 'history-cleared' });
  }

  requestAsSent(seq: number): RequestAsSent | undefined {
    return this.#journal.requestAsSent(seq);
  }

  async replay(seq: number, options: AnswerOptions = {}): Promise<JournalEntry> {
    const sent = this.#journal.requestAsSent(seq);
    if (!sent) {
      throw new ApiError('NOT_FOUND', `No request #${seq} to send again: the journal keeps the headers and bodies of its latest requests only (journalBodies), and none of a marker or of a body cut at 64 KiB.`);
    }
    await this.fetch(replayRequest(sent), { ...options, replayOf: seq }).then(
      (response) => response.arrayBuffer(),
      () => undefined, // a fault that closes the connection: the entry says so
    );
    return this.#journal.entries().findLast((entry) => entry.replayOf === seq)!;
  }

  async queueFault(input: QueuedFaultInput): Promise<QueuedFault> {
    const valid = parseInput(everyProblem(queuedFaultSchema()), input);
    const ctx = await this.#liveState();
    const text = queuedFaultText(valid);
    ctx.faults.checkRoom();
    const marker = this.#mark('fault', text);
    const fault = { ...valid, id: marker?.seq ?? 0 };
    ctx.faults.queue(fault);
    return fault;
  }

  async queuedFaults(): Promise<readonly QueuedFault[]> {
    return (await this.#liveState()).faults.queued();
  }

  async cancelFault(id: number): Promise<boolean> {
    return (await this.#liveState()).faults.cancel(id);
  }

  #mark(marker: MarkerKind, text: string) {
    const entry = this.#journal.mark({ marker, scenario: this.#scenario.name, text, atMs: this.#clock.now(), wallMs: this.#wallClock() });
    if (entry) this.#listeners.emit({ type: 'marker', entry });
    return entry;
  }

  subscribe(listener: (event: SandboxEvent) => void): () => void {
    return this.#listeners.add(listener);
  }

  readiness(options: ReadinessOptions = {}): ReadinessReport {
    const { key } = checkReadinessOptions(options);
    const narrowed = key === undefined ? undefined : { keyId: keyIdOf(key), maskedKey: maskApiKey(key) };
    return gradeReadiness(this.#journal.entries({ bodies: false }), this.#scenario, narrowed);
  }

  reset(): Promise<void> {
    if (this.#disposed) return Promise.reject(new SandboxDisposedError());
    return this.#restart('reset');
  }

  useScenario(source: ScenarioSource): Promise<void> {
    if (this.#disposed) return Promise.reject(new SandboxDisposedError());
    this.#scenario = this.#load(source);
    return this.#restart('scenario');
  }

  /** Tells the listeners once the new state answers. */
  #restart(type: 'reset' | 'scenario'): Promise<void> {
    const ready = this.#ready.set(this.#start(this.#scenario));
    this.#mark(type, type === 'reset' ? `reset (scenario ${this.#scenario.name})` : `scenario → ${this.#scenario.name}`);
    return ready.then(() => {
      if (this.#ready.isLatest(ready)) this.#listeners.emit({ type, scenario: this.#scenario.name, now: this.now() });
    });
  }

  async topup(input: TopupInput): Promise<RenderedPayment> {
    const ctx = await this.#liveState();
    const apiKey = this.#sessionId === undefined || input.apiKey === undefined ? input.apiKey : sessionApiKey(input.apiKey, this.#sessionId);
    const rendered = renderPayment(await ctx.writes.run(async () => topUp(ctx, { ...input, apiKey })));
    this.#listeners.emit({ type: 'topup', payment: rendered });
    return rendered;
  }

  advanceClock(ms: number): void {
    this.#checkLive();
    this.#clock.advance(ms, 'advanceClock');
    this.#listeners.emit({ type: 'clock', now: this.now() });
  }

  setClock(now: string): void {
    this.#checkLive();
    this.#clock.set(typeof now === 'string' ? Date.parse(now) : NaN, 'setClock', now);
    this.#listeners.emit({ type: 'clock', now: this.now() });
  }

  get clockMode(): ClockMode {
    this.#checkLive();
    return this.#clock.mode;
  }

  setClockMode(mode: ClockMode): void {
    this.#checkLive();
    this.#keeps.clockMode = checkClockMode(mode, 'the clock mode');
    this.#clock.setMode(this.#keeps.clockMode);
    this.#listeners.emit({ type: 'clock', now: this.now() });
  }

  now(): string {
    this.#checkLive();
    return new Date(this.#clock.now()).toISOString();
  }

  async state(): Promise<SandboxState> {
    return summarizeState(await this.#liveState());
  }

  async exportScenario(): Promise<ScenarioFile> {
    const ctx = await this.#liveState();
    const exported = await ctx.writes.run(async () => exportScenario(ctx, this.#keeps.seed ?? ctx.scenario.seed));
    return this.#sessionId === undefined ? exported : withoutSessionKeys(exported);
  }

  async snapshot(): Promise<SandboxSnapshot> {
    const ctx = await this.#liveState();
    return ctx.writes.run(async () => takeSnapshot(ctx));
  }

  restore(snapshot: SandboxSnapshot): Promise<void> {
    if (this.#disposed) return Promise.reject(new SandboxDisposedError());
    let contents: SnapshotContents;
    try {
      contents = snapshotContents(snapshot);
      ++this.#generation;
      this.#scenario = contents.scenario;
      this.#context = restoreSnapshot(contents, this.#keeps);
      this.#clock = this.#context.clock;
    } catch (error) {
      return Promise.reject(error);
    }
    const ready = this.#ready.set(Promise.resolve());
    this.#mark('restore', `snapshot restored (scenario ${contents.scenario.name}, clock ${this.now()})`);
    return ready.then(() => {
      if (this.#ready.isLatest(ready)) this.#listeners.emit({ type: 'restore', scenario: contents.scenario.name, now: this.now() });
    });
  }

  async [Symbol.asyncDispose](): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    await this.#ready.promise.catch(() => undefined);
    await this.#context?.writes.run(async () => undefined);
    this.#journal.clear();
    this.#keeps.qrImages.clear();
    this.#context = undefined as unknown as SandboxContext;
  }

  /** Undefined while the state is being built or an order due must turn `confirmed` first: `#liveState` then. */
  #readyState(): SandboxContext | undefined {
    this.#checkLive();
    if (!this.#ready.resolved) return undefined;
    const ctx = this.#context;
    return ctx.store.hasProvisioningDue(ctx.clock.now()) ? undefined : ctx;
  }

  async #liveState(): Promise<SandboxContext> {
    this.#checkLive();
    await this.#ready.promise;
    const ctx = this.#context;
    const now = ctx.clock.now();
    if (ctx.store.hasProvisioningDue(now)) await ctx.writes.run(async () => ctx.store.provisionDue(now));
    return ctx;
  }

  #checkLive(): void {
    if (this.#disposed) throw new SandboxDisposedError();
  }

  async #start(scenario: ResolvedScenario): Promise<void> {
    const generation = ++this.#generation;
    const random = new SeededRandom(this.#keeps.seed ?? scenario.seed);
    const clock = (this.#clock = clockOf(scenario, this.#keeps));
    const store = await buildStore(scenario, random);
    if (generation !== this.#generation) return;
    this.#context = contextOf(scenario, store, clock, random, this.#keeps);
  }

  /** A scenario as this sandbox runs it: a session's keys carry its suffix. */
  #load(source: ScenarioSource): ResolvedScenario {
    const scenario = loadScenario(source, this.#files);
    return this.#sessionId === undefined ? scenario : loadScenario(withSessionKeys(scenario, this.#sessionId), this.#files);
  }
}
