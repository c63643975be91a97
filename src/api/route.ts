import type { SandboxContext } from '../domain/context.js';
import type { Caller } from '../domain/auth.js';
import type { Scope } from '../scenarios/scenario-schema.js';
import type { RequestFacts } from '../state/journal.js';
import type { ApiRequest } from './api-request.js';

/** What a route learnt for the request journal: the order a createOrder placed or replayed, or a getOrderStatus read, and its status. */
export type RouteFacts = Pick<RequestFacts, 'orderId' | 'orderStatus'>;

export interface RouteCall {
  caller: Caller;
  query: Record<string, string>;
  request: ApiRequest;
  /** Sandbox-clock time of this request. */
  now: number;
  /** Filled in by the route. */
  facts: RouteFacts;
}

/** One route of the imitated API; what `handle` returns is the `data` of the success envelope. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  scope: Scope;
  handle(ctx: SandboxContext, call: RouteCall): unknown;
}
