import { z } from 'zod';
import { anyRouteInput as route } from '../contract/route-table.js';

/**
 * A fault for the next call of one route only. `rate-limit` also holds the caller's calls of its route until
 * `Retry-After`, as a scenario's does. Made at the first fault queued, not at load (~1 ms of `serve` before its first answer).
 */
export function queuedFaultSchema(): QueuedFaultSchema {
  return (schema ??= makeQueuedFaultSchema());
}

let schema: QueuedFaultSchema | undefined;

type QueuedFaultSchema = ReturnType<typeof makeQueuedFaultSchema>;

function makeQueuedFaultSchema() {
  return z.discriminatedUnion(
    'effect',
    [
      z.strictObject({ route, effect: z.literal('error'), status: z.union([z.literal(500), z.literal(503)], { error: 'expected 500 or 503' }).default(503) }),
      z.strictObject({ route, effect: z.literal('rate-limit'), retryAfterS: z.int().min(1).max(3600).default(1) }),
      z.strictObject({ route, effect: z.literal('latency'), latencyMs: z.int().min(1).max(60_000) }),
      z.strictObject({ route, effect: z.literal('lose-response') }),
      z.strictObject({ route, effect: z.literal('drop') }),
    ],
    { error: 'expected effect "error", "rate-limit", "latency", "lose-response" or "drop"' },
  );
}

/** A fault as a caller queues it: `route` by name or path, defaults left out. */
export type QueuedFaultInput = z.input<QueuedFaultSchema>;

/** A fault as read: `route` by name, defaults filled in. */
export type QueuedFaultSpec = z.output<QueuedFaultSchema>;

/** A queued fault; its id is the `seq` of the marker row that queued it. */
export type QueuedFault = QueuedFaultSpec & { id: number };

/** What the fault does, in words: `error 503`, `latency 1500 ms`, `rate-limit, Retry-After 5 s`. */
export function describeQueuedFault(fault: QueuedFaultSpec): string {
  if (fault.effect === 'error') return `error ${fault.status}`;
  if (fault.effect === 'rate-limit') return `rate-limit, Retry-After ${fault.retryAfterS} s`;
  if (fault.effect === 'latency') return `latency ${fault.latencyMs} ms`;
  return fault.effect;
}

/** The marker row's text: `fault queued: the next call of createOrder → error 503`. */
export function queuedFaultText(fault: QueuedFaultSpec): string {
  const target = fault.route === '*' ? 'the next call of any route' : `the next call of ${fault.route}`;
  return `fault queued: ${target} → ${describeQueuedFault(fault)}`;
}
