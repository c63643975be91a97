import { fetchOutcome, type AnswerOptions, type AnswersApiRequests, type Reply } from '../api/outcome.js';
import type { RequestRecord } from '../state/request-record.js';
import { errorAnswer } from '../api/envelope.js';
import { ApiError } from '../domain/api-error.js';
import { CoreSandbox } from '../sandbox.js';
import type { ServedInstead } from '../api/serve-call.js';
import { API_ROUTER } from '../api/route-map.js';
import { checkOptions } from '../lib/options/check-options.js';
import type { OptionValues } from '../lib/options/option-kinds.js';
import { HOST_OPTIONS } from './host-options.js';
import type { Sandbox, SandboxOptions, ScenarioSource } from '../types.js';
import { parseSessionKey, sessionIdOf, sessionKeyMap } from '../domain/session-keys.js';

/** The options of a main sandbox, and `maxSessions` (`HOST_OPTIONS`). */
export type SandboxHostOptions = SandboxOptions & OptionValues<typeof HOST_OPTIONS>;

export interface SessionOptions {
  /** Default: the scenario the main sandbox runs now. */
  scenario?: ScenarioSource;
  /** Default: the host's `seed`, else the scenario's own. */
  seed?: number;
}

/** An isolated sandbox living beside the main one: its own state, clock, seed and journal, reached by its own keys. */
export interface SandboxSession {
  /** `ses_0001`, `ses_0002`, … in order of creation. */
  readonly id: string;
  /** Its keys carry the session suffix; `topup` also takes the scenario's own keys. */
  readonly sandbox: Sandbox;
  /** Scenario key → session key (`sk_test_full_access` → `sk_test_full_access__ses_0001`), for the scenario it runs now. */
  apiKeys(): Record<string, string>;
  /** Aborted when the session is deleted, ending what follows it (an event stream). */
  readonly ended: AbortSignal;
}

/**
 * A main sandbox plus sessions, answering web-standard requests: a request whose `x-api-key` ends in a
 * session suffix (`__ses_0001`) goes to that session's sandbox, any other to the main sandbox.
 */
export interface SandboxHost {
  readonly main: Sandbox;
  readonly maxSessions: number;
  fetch(request: Request, options?: AnswerOptions): Promise<Response>;
  /** Throws `ScenarioError`, or a `VALIDATION_ERROR` `ApiError` past `maxSessions`, using up no session id. */
  createSession(options?: SessionOptions): SandboxSession;
  session(id: string): SandboxSession | undefined;
  /** Oldest first. */
  sessions(): SandboxSession[];
  /** Its keys answer 401 from then on; false when there was no such session. */
  deleteSession(id: string): boolean;
  /** The main sandbox and every session. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** A host for the sandbox of `options` and its sessions. */
export function createSandboxHost(options: SandboxHostOptions = {}): SandboxHost {
  return new CoreSandboxHost(options);
}

/** A session as the host keeps it: with its sandbox's `answer`. */
interface LiveSession extends SandboxSession {
  readonly sandbox: CoreSandbox;
  readonly end: AbortController;
}

/** The host behind `createSandboxHost`; the HTTP server holds it as it is, for its `answer`. */
export class CoreSandboxHost implements SandboxHost, AnswersApiRequests {
  readonly main: CoreSandbox;
  readonly maxSessions: number;
  readonly #options: SandboxHostOptions;
  readonly #sessions = new Map<string, LiveSession>();
  #created = 0;
  readonly #servedInstead: ServedInstead | undefined;

  /** `servedInstead`: what serves each call of its sandboxes, when not the sandbox's own (a proxy's forwarder). */
  constructor(options: SandboxHostOptions, servedInstead?: ServedInstead) {
    this.maxSessions = checkOptions(HOST_OPTIONS, options).maxSessions!;
    this.main = new CoreSandbox(options, undefined, API_ROUTER, servedInstead);
    this.#options = options;
    this.#servedInstead = servedInstead;
  }

  fetch(request: Request, options?: AnswerOptions): Promise<Response> {
    return fetchOutcome(this, request, options);
  }

  answer(record: RequestRecord, reply: Reply, options?: AnswerOptions): void {
    const target = this.#targetOf(record.apiKey);
    if (target instanceof ApiError) reply.answered(errorAnswer(target));
    else target.answer(record, reply, options);
  }

  #targetOf(key: string | null): AnswersApiRequests | ApiError {
    const sessionId = key === null ? undefined : parseSessionKey(key)?.sessionId;
    if (sessionId === undefined) return this.main;
    const session = this.#sessions.get(sessionId);
    if (session) return session.sandbox;
    const message =
      `Unknown or deleted session "${sessionId}" in the x-api-key header: ` +
      'create a session with POST /__sandbox/sessions and use the keys it answers with.';
    return new ApiError('UNAUTHORIZED', message);
  }

  createSession({ scenario, seed }: SessionOptions = {}): SandboxSession {
    if (this.#sessions.size >= this.maxSessions) {
      throw new ApiError(
        'VALIDATION_ERROR',
        `${this.#sessions.size} sessions are alive, the most this sandbox keeps (maxSessions ${this.maxSessions}): ` +
          'DELETE /__sandbox/sessions/<id> the sessions you are done with, then create this one again.',
      );
    }
    const id = sessionIdOf(this.#created + 1);
    const sandbox = new CoreSandbox({ ...this.#options, scenario: scenario ?? this.main.scenario, seed: seed ?? this.#options.seed }, id, API_ROUTER, this.#servedInstead);
    const end = new AbortController();
    const session: LiveSession = { id, sandbox, apiKeys: () => sessionKeyMap(sandbox.scenario), end, ended: end.signal };
    this.#created += 1;
    this.#sessions.set(id, session);
    return session;
  }

  session(id: string): SandboxSession | undefined {
    return this.#sessions.get(id);
  }

  sessions(): SandboxSession[] {
    return [...this.#sessions.values()];
  }

  deleteSession(id: string): boolean {
    const session = this.#sessions.get(id);
    if (!session) return false;
    this.#sessions.delete(id);
    session.end.abort();
    return true;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const sandboxes = [this.main, ...[...this.#sessions.values()].map((session) => session.sandbox)];
    for (const session of this.#sessions.values()) session.end.abort();
    this.#sessions.clear();
    await Promise.all(sandboxes.map((sandbox) => sandbox[Symbol.asyncDispose]()));
  }
}
