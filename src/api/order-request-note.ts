import type { OrderRequestNote } from '../state/journal.js';

/** The most of a createOrder body kept to note it: far more than a valid one takes (~200 bytes). */
export const ORDER_NOTE_MAX_BYTES = 16 * 1024;

/** A createOrder body as the journal keeps it: parsed, or undefined when it is no JSON (or was not read whole). */
export function parsedBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What the journal keeps of a createOrder body: its productId, quantity and idempotencyKey, each as sent when it
 * has its type, whether or not the body was valid. Undefined when the body is no JSON object.
 */
export function orderRequestNote(body: unknown): OrderRequestNote | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { productId, quantity, idempotencyKey } = body as Record<string, unknown>;
  return {
    ...(typeof productId === 'string' && { productId }),
    ...(typeof quantity === 'number' && { quantity }),
    ...(typeof idempotencyKey === 'string' && { idempotencyKey }),
  };
}
