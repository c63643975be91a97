import type { OrderRequestNote } from '../state/journal.js';

/** The most of a createOrder body read to note it: far more than a valid one takes (~200 bytes). */
const ORDER_NOTE_MAX_BYTES = 16 * 1024;

/**
 * What the journal keeps of a createOrder body, valid or not: each field that has its type. `json` is the body as
 * the call parsed it, if it did, so the text is not parsed twice.
 */
export function orderRequestNote(text: string | undefined, json: unknown): OrderRequestNote | undefined {
  if (text === undefined || Buffer.byteLength(text) > ORDER_NOTE_MAX_BYTES) return undefined;
  const body = json === undefined ? parsedOrUndefined(text) : json;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { productId, quantity, idempotencyKey } = body as Record<string, unknown>;
  return {
    ...(typeof productId === 'string' && { productId }),
    ...(typeof quantity === 'number' && { quantity }),
    ...(typeof idempotencyKey === 'string' && { idempotencyKey }),
  };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
