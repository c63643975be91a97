import type { SandboxContext } from '../domain/context.js';
import type { Caller } from '../domain/auth.js';
import type { operations } from '../contract/api-types.js';
import type { CallName, CallRouteEntry, DocumentRouteEntry } from '../contract/route-table.js';
import type { OpenApiDocument } from '../openapi/openapi-types.js';
import type { RequestFacts } from '../state/journal.js';
import type { ApiRequest } from './api-request.js';
import type { RenderedJson } from './rendered-json.js';
import type { FieldRules } from './parse-input.js';
import type { z } from 'zod';
import type { ParsedUrl } from '../lib/parsed-urls.js';

/**
 * What a route learnt for the request journal: the order a createOrder placed or replayed (and whether it
 * replayed it), or a getOrderStatus read, and its status; and, for its hints, what it let pass: fields it ignored,
 * a limit it clamped.
 */
export interface RouteFacts extends Pick<RequestFacts, 'orderId' | 'orderStatus' | 'reused'> {
  ignoredQueryParameters?: string[];
  ignoredBodyFields?: string[];
  clampedLimit?: { asked: number; used: number };
}

export interface RouteCall {
  caller: Caller;
  query: Record<string, string>;
  request: ApiRequest;
  /** Sandbox-clock time of this request. */
  now: number;
  /** Filled in by the route. */
  facts: RouteFacts;
  /** The query or the body as `rules` parse it, under the scenario's switch for fields the route does not take. */
  parse<S extends z.ZodType>(rules: FieldRules<S>, input: unknown): z.output<S>;
}

/** The `data` of the success envelope of call `N`, as the OpenAPI document describes it. */
export type CallData<N extends CallName> = operations[N]['responses'][200]['content']['application/json']['data'];

/** What a call answers: the `data` of its success envelope, as a value or as JSON already rendered. */
export type CallAnswer<N extends CallName> = CallData<N> | RenderedJson<CallData<N>>;

/** What a call does once its key, KYC and scope are checked: the `data` of its success envelope. */
export type CallHandler<N extends CallName = CallName> = (ctx: SandboxContext, call: RouteCall) => CallAnswer<N> | Promise<CallAnswer<N>>;

/** A call of the route table, with its handler. */
export interface CallRoute extends CallRouteEntry {
  handle: CallHandler;
}

/** The document route of the route table, with its handler: the document, for the URL it was asked at. */
export interface DocumentRoute extends DocumentRouteEntry {
  handle(url: ParsedUrl): OpenApiDocument;
}

export type ApiRoute = CallRoute | DocumentRoute;
