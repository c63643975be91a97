import { z } from 'zod';
import { CALL_NAMES, CALL_PATHS, callNameOf, type CallName } from './route-table.js';

const CHOICES = CALL_NAMES.join(', ');

/**
 * A route as an input names it (a fault's `route`, chaos routes): the call's name or its path, `createOrder` or
 * `/createOrder`, read as the name, which is how every output names a call.
 */
export const callRouteInput = z
  .enum([...CALL_NAMES, ...CALL_PATHS], { error: `expected a call of the API: ${CHOICES} (or its path, /createOrder)` })
  .transform((route): CallName => callNameOf(route)!);

/** A route input that may also be "*": the next call of any route. */
export const anyRouteInput = z
  .enum(['*', ...CALL_NAMES, ...CALL_PATHS], { error: `expected a call of the API: ${CHOICES} (or its path, /createOrder), or "*" for any call` })
  .transform((route): CallName | '*' => (route === '*' ? '*' : callNameOf(route)!));
