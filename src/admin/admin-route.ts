import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import type { AdminAnswer } from './admin-answers.js';
import type { Sandbox } from '../types.js';

export type AdminMethod = 'GET' | 'POST' | 'DELETE';

export interface AdminRequestContext {
  sandbox: Sandbox;
  /** Values of the `:name` segments of the route path. */
  params: Record<string, string>;
  /** The server's own origin (`http://127.0.0.1:4010`), never the `Host` a request names. */
  origin: string;
  /** The parsed JSON body; `{}` when there is none. */
  body(): Promise<unknown>;
  /** Where a scenario named in a request may be read from. */
  scenarioFiles: ScenarioFileAccess;
}

/**
 * One admin route. `path` is relative to `/__sandbox`; a segment `:name` captures a parameter. `handle`
 * returns the `data` of the 200 success envelope.
 */
export interface AdminRoute<Data extends AdminAnswer = AdminAnswer> {
  method: AdminMethod;
  path: string;
  handle(context: AdminRequestContext): Data | Promise<Data>;
}
