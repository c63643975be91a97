import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import type { AdminAnswer } from './admin-answers.js';
import type { StreamedAnswer } from '../api/outcome.js';
import type { Sandbox } from '../types.js';
import type { MemoryBudget } from './memory-budget.js';
import type { StreamSlots } from './stream-slots.js';

export type AdminMethod = 'GET' | 'POST' | 'DELETE';

export interface AdminRequestContext {
  sandbox: Sandbox;
  /** Values of the `:name` segments of the route path. */
  params: Record<string, string>;
  query: URLSearchParams;
  header(name: string): string | null;
  /** Aborted when the server shuts down, or the session acted on is deleted: an answer that streams ends then. */
  closing: AbortSignal;
  streams: StreamSlots;
  memory: MemoryBudget;
  /** The server's own origin (`http://127.0.0.1:4010`), never the `Host` a request names. */
  origin: string;
  /** The parsed JSON body; `{}` when there is none. */
  body(): Promise<unknown>;
  /** The body as text, read under the same limits, before its JSON is parsed (`parseJsonText` makes it `body()`'s value). */
  bodyText(): Promise<string>;
  scenarioFiles: ScenarioFileAccess;
}

/**
 * One admin route. `path` is relative to `/__sandbox`; a segment `:name` captures a parameter. `handle`
 * returns the `data` of the 200 success envelope, or a streamed answer, which is answered as it is.
 */
export interface AdminRoute<Data extends AdminAnswer | StreamedAnswer = AdminAnswer | StreamedAnswer> {
  method: AdminMethod;
  path: string;
  /** Set on a write that takes input, whose `handle` checks the body; any other write must have none, or `{}`. */
  takesBody?: true;
  handle(context: AdminRequestContext): Promise<Data>;
}
