import type { SandboxContext } from '../domain/context.js';
import type { Caller } from '../domain/auth.js';
import type { Scope } from '../scenarios/scenario-schema.js';
import type { ApiRequest } from './api-request.js';

export interface RouteCall {
  caller: Caller;
  query: Record<string, string>;
  request: ApiRequest;
  /** Sandbox-clock time of this request. */
  now: number;
}

/** One route of the imitated API; what `handle` returns is the `data` of the success envelope. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  scope: Scope;
  handle(ctx: SandboxContext, call: RouteCall): unknown;
}
