import type { Scope } from './scopes.js';

/**
 * The routes of the API, as data: the router attaches a handler to each by name (src/api/routes), the
 * OpenAPI document describes the calls from it, and a scenario's faults name a call by its path.
 */

/** A call of the imitated API: it needs a key with `scope`, is journaled, steps the clock, and may be limited or faulted. */
export interface CallRouteEntry {
  kind: 'call';
  /** The OpenAPI operationId. */
  name: string;
  method: 'GET' | 'POST';
  /** Below the API's base address. */
  path: string;
  scope: Scope;
  summary: string;
  description: string;
  /** For a list of records taken a page at a time (`limit`): what one record is called. */
  records?: string;
}

/** The OpenAPI document: it describes the API rather than calls it, so it needs no key and is none of the above. */
export interface DocumentRouteEntry {
  kind: 'document';
  name: string;
  method: 'GET';
  path: string;
  summary: string;
}

export type RouteEntry = CallRouteEntry | DocumentRouteEntry;

/** The six calls of the spec, in its order. */
export const CALL_ROUTES = [
  {
    kind: 'call',
    name: 'getBalance',
    method: 'GET',
    path: '/getBalance',
    scope: 'balance:read',
    summary: 'Account balance summary',
    description: 'Request: no parameters, no body.',
  },
  {
    kind: 'call',
    name: 'getProducts',
    method: 'GET',
    path: '/getProducts',
    scope: 'products:read',
    summary: 'Active products with account-specific tier pricing',
    description: 'The active products, each with the unit price of the calling account.',
    records: 'product',
  },
  {
    kind: 'call',
    name: 'getPaymentHistory',
    method: 'GET',
    path: '/getPaymentHistory',
    scope: 'payments:read',
    summary: 'Wallet topup and payment history',
    description: 'The topups of the wallet.',
    records: 'payment',
  },
  {
    kind: 'call',
    name: 'createOrder',
    method: 'POST',
    path: '/createOrder',
    scope: 'orders:write',
    summary: 'Create a wholesale eSIM order',
    description:
      'On success the eSIMs are provisioned immediately and returned in the response. ' +
      'Resubmitting the same `idempotencyKey` returns the original order and does not charge twice.',
  },
  {
    kind: 'call',
    name: 'getOrderStatus',
    method: 'GET',
    path: '/getOrderStatus',
    scope: 'orders:read',
    summary: 'One order with full eSIM details',
    description: 'One order of the account, with its eSIM items.',
  },
  {
    kind: 'call',
    name: 'getOrders',
    method: 'GET',
    path: '/getOrders',
    scope: 'orders:read',
    summary: 'List of orders with eSIM items',
    description: 'Orders of the account, with their eSIM items.',
    records: 'order',
  },
] as const satisfies readonly CallRouteEntry[];

export const DOCUMENT_ROUTE = {
  kind: 'document',
  name: 'openapi',
  method: 'GET',
  path: '/openapi.json',
  summary: 'The OpenAPI document of the API, its `servers` naming the base address it was asked at',
} as const satisfies DocumentRouteEntry;

export const ROUTE_TABLE = [...CALL_ROUTES, DOCUMENT_ROUTE] as const satisfies readonly RouteEntry[];

export type CallName = (typeof CALL_ROUTES)[number]['name'];
export type CallPath = (typeof CALL_ROUTES)[number]['path'];

/** The paths of the calls, in the spec's order: a route input takes a call's path as well as its name. */
export const CALL_PATHS: readonly CallPath[] = CALL_ROUTES.map((route) => route.path);

/** The names of the calls, in the spec's order: how a call is named everywhere (journal, faults, matcher). */
export const CALL_NAMES: readonly CallName[] = CALL_ROUTES.map((route) => route.name);

const NAMES_OF_ROUTES: ReadonlyMap<string, CallName> = new Map(CALL_ROUTES.flatMap((route) => [[route.name, route.name], [route.path, route.name]]));

/** The call a route input names, by its name (`createOrder`) or its path (`/createOrder`); undefined for neither. */
export function callNameOf(route: string): CallName | undefined {
  return NAMES_OF_ROUTES.get(route);
}
