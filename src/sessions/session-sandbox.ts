import type { AnswerOptions, AnswersApiRequests, Outcome } from '../api/outcome.js';
import type { ApiRequest } from '../api/api-request.js';
import { loadScenario } from '../scenarios/load-scenario.js';
import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import type { JournalQuery } from '../state/journal.js';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import type { QueuedFaultInput } from '../domain/queued-fault.js';
import type { ClockMode, RenderedPayment, Sandbox, SandboxEvent, SandboxSnapshot, SandboxState, ScenarioSource, TopupInput } from '../types.js';
import { parseSessionKey, sessionKey, withSessionKeys } from './session-keys.js';

/**
 * The sandbox of one session, as its admin routes and its owner see it: a core sandbox whose scenarios all
 * carry the session's key suffix. `useScenario` gives the new scenario's keys the suffix too, and `topup`
 * takes a scenario key (`sk_test_full_access`) as well as the session key it stands for.
 */
export class SessionSandbox implements Sandbox, AnswersApiRequests {
  readonly #inner: Sandbox & AnswersApiRequests;
  readonly #sessionId: string;
  readonly #files: ScenarioFileAccess;

  /** `files`: where `useScenario` may read a scenario given by path, as the host it belongs to allows. */
  constructor(inner: Sandbox & AnswersApiRequests, sessionId: string, files: ScenarioFileAccess) {
    this.#inner = inner;
    this.#sessionId = sessionId;
    this.#files = files;
  }

  get scenario() {
    return this.#inner.scenario;
  }

  get requests() {
    return this.#inner.requests;
  }

  journal(query?: JournalQuery) {
    return this.#inner.journal(query);
  }

  history(query?: JournalQuery) {
    return this.#inner.history(query);
  }

  clearHistory(): void {
    this.#inner.clearHistory();
  }

  requestAsSent(seq: number) {
    return this.#inner.requestAsSent(seq);
  }

  replay(seq: number, options?: { basePath?: string }) {
    return this.#inner.replay(seq, options);
  }

  queueFault(fault: QueuedFaultInput) {
    return this.#inner.queueFault(fault);
  }

  queuedFaults() {
    return this.#inner.queuedFaults();
  }

  cancelFault(id: number) {
    return this.#inner.cancelFault(id);
  }

  subscribe(listener: (event: SandboxEvent) => void): () => void {
    return this.#inner.subscribe(listener);
  }

  get db() {
    return this.#inner.db;
  }

  fetch(request: Request, options?: AnswerOptions): Promise<Response> {
    return this.#inner.fetch(request, options);
  }

  answer(request: ApiRequest, options?: AnswerOptions): Promise<Outcome> {
    return this.#inner.answer(request, options);
  }

  reset(): Promise<void> {
    return this.#inner.reset();
  }

  useScenario(source: ScenarioSource): Promise<void> {
    return this.#inner.useScenario(withSessionKeys(loadScenario(source, this.#files), this.#sessionId));
  }

  topup(input: TopupInput): Promise<RenderedPayment> {
    const { apiKey } = input;
    if (apiKey === undefined || parseSessionKey(apiKey) !== undefined) return this.#inner.topup(input);
    return this.#inner.topup({ ...input, apiKey: sessionKey(apiKey, this.#sessionId) });
  }

  advanceClock(ms: number): void {
    this.#inner.advanceClock(ms);
  }

  setClock(now: string): void {
    this.#inner.setClock(now);
  }

  now(): string {
    return this.#inner.now();
  }

  get clockMode() {
    return this.#inner.clockMode;
  }

  setClockMode(mode: ClockMode): void {
    this.#inner.setClockMode(mode);
  }

  state(): Promise<SandboxState> {
    return this.#inner.state();
  }

  readiness() {
    return this.#inner.readiness();
  }

  /** The session's state with the scenario's own keys: loaded anywhere, it is no session's. */
  async exportScenario(): Promise<ScenarioFile> {
    const exported = await this.#inner.exportScenario();
    return { ...exported, apiKeys: exported.apiKeys?.map((apiKey) => ({ ...apiKey, key: parseSessionKey(apiKey.key)?.key ?? apiKey.key })) };
  }

  snapshot(): Promise<SandboxSnapshot> {
    return this.#inner.snapshot();
  }

  restore(snapshot: SandboxSnapshot): Promise<void> {
    return this.#inner.restore(snapshot);
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.#inner[Symbol.asyncDispose]();
  }
}
