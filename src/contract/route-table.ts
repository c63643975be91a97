import { z } from 'zod';
import { CALL_NAMES } from './call-names.js';

/** The OpenAPI document, its `servers` naming the base address it was asked at: it describes the API rather than calls it, so it needs no key and is no call. */
export const DOCUMENT_ROUTE = { kind: 'document', method: 'GET', path: '/openapi.json' } as const;

/** A call's name, of src/api/calls through call-names.ts (the calls themselves are above this layer). */
export type CallName = (typeof CALL_NAMES)[number];
export type CallPath = `/${CallName}`;

/** The paths of the calls, in the spec's order: a route input takes a call's path as well as its name. */
const CALL_PATHS: readonly CallPath[] = CALL_NAMES.map((name) => `/${name}` as const);

/** The names of the calls, in the spec's order: how a call is named everywhere (journal, faults, matcher). */
export { CALL_NAMES };

const NAMES_OF_ROUTES: ReadonlyMap<string, CallName> = new Map(CALL_NAMES.flatMap((name) => [[name, name], [`/${name}`, name]]));

/** The call a route input names, by its name (`createOrder`) or its path (`/createOrder`); undefined for neither. */
export function callNameOf(route: string): CallName | undefined {
  return NAMES_OF_ROUTES.get(route);
}

const CHOICES = CALL_NAMES.join(', ');

/** A fault's or chaos's route: `createOrder` or `/createOrder`, read as the name, which is how every output names a call. */
export const callRouteInput = z
  .enum([...CALL_NAMES, ...CALL_PATHS], { error: `expected a call of the API: ${CHOICES} (or its path, /createOrder)` })
  .transform((route): CallName => callNameOf(route)!);

/** A route input that may also be "*": the next call of any route. */
export const anyRouteInput = z
  .enum(['*', ...CALL_NAMES, ...CALL_PATHS], { error: `expected a call of the API: ${CHOICES} (or its path, /createOrder), or "*" for any call` })
  .transform((route): CallName | '*' => (route === '*' ? '*' : callNameOf(route)!));
