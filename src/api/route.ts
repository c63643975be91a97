import type { z } from 'zod';
import type { SandboxContext } from '../domain/context.js';
import type { Caller } from '../domain/auth.js';
import type { operations } from '../contract/api-types.js';
import type { DOCUMENT_ROUTE } from '../contract/route-table.js';
import type { Scope } from '../contract/scopes.js';
import type { OpenApiDocument, RecordedExamples } from '../openapi/openapi-types.js';
import type { DocumentedCall } from '../openapi/operations.js';
import type { RequestRecord } from '../state/request-record.js';
import type { RenderedJson } from '../lib/rendered-json.js';
import type { FieldRules } from './parse-input.js';
import type { ParsedUrl } from '../lib/parsed-url.js';

/** What a route notes on the request's record: the order it placed, replayed or read, and, for hints, what it let pass. */
export type RouteFacts = Pick<RequestRecord, 'orderId' | 'orderStatus' | 'reused' | 'ignoredQueryParameters' | 'ignoredBodyFields' | 'clampedLimit'>;

/** As the OpenAPI document describes it; unknown for a call not in it yet. */
export type CallData<N extends string> = N extends keyof operations ? operations[N]['responses'][200]['content']['application/json']['data'] : unknown;

export type CallAnswer<N extends string> = CallData<N> | RenderedJson<CallData<N>>;

/** Given once the key, KYC and scope are checked and the query (and body) parsed by the call's rules. */
export interface CallInput<Query, Body> {
  caller: Caller;
  query: Query;
  body: Body;
  /** Sandbox-clock time of this request. */
  now: number;
  /** The request's record, where the handler notes what it learns. */
  facts: RouteFacts;
}

/**
 * A call of the imitated API, whole: it needs a key with `scope`, is journaled, steps the clock, and may be limited
 * or faulted. Write one with `defineCall` in src/api/calls (docs/development.md, "Adding a call").
 */
export type CallDefinition<N extends string = string, Q extends z.ZodObject = z.ZodObject, B extends z.ZodObject | undefined = z.ZodObject | undefined> = CallSpec<
  N,
  Q,
  B
> & { path: `/${N}` };

/** A call as its file writes it, in src/api/calls: all but its path, which is its name's (`/createOrder`). */
type CallSpec<N extends string, Q extends z.ZodObject, B extends z.ZodObject | undefined> = CallBase<N, Q> &
  (B extends z.ZodObject
    ? {
        /** Read by API_BODY's rules, then parsed by these. */
        body: FieldRules<B>;
        /** A call that takes a body waits for it, and answers with a promise. */
        handle(ctx: SandboxContext, input: CallInput<z.output<Q>, z.output<B>>): Promise<CallAnswer<N>>;
      }
    : {
        body?: undefined;
        /** A call without a body answers at once. */
        handle(ctx: SandboxContext, input: CallInput<z.output<Q>, undefined>): CallAnswer<N>;
      });

export interface CallBase<N extends string, Q extends z.ZodObject> extends Omit<DocumentedCall, 'path'> {
  name: N;
  scope: Scope;
  /** For a list of records taken a page at a time (`limit`): what one record is called. */
  records?: string;
  query: FieldRules<Q>;
}

export type CallRoute = CallDefinition & { kind: 'call' };

/** A call with its types checked: the handler's input is what its rules parse, its answer what the document says. */
export function defineCall<N extends string, Q extends z.ZodObject, B extends z.ZodObject | undefined = undefined>(
  call: CallSpec<N, Q, B>,
): CallDefinition<N, Q, B> & { kind: 'call' } {
  return { kind: 'call', ...call, path: `/${call.name}` };
}

export type DocumentRoute = typeof DOCUMENT_ROUTE & { handle(url: ParsedUrl, examples: RecordedExamples): OpenApiDocument };

export type ApiRoute = CallRoute | DocumentRoute;
