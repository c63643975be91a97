import type { RequestRecord } from '../state/request-record.js';

/** Notes the upstream's answer as the sandbox notes its own, so that the readiness checks read a proxied exchange alike. */
export function noteAnswerFacts(served: RequestRecord, route: string | undefined, status: number, json: unknown, retryAfter: string | undefined): void {
  if (status === 429 && retryAfter !== undefined && /^\d+$/.test(retryAfter.trim())) served.retryAfterS = Number(retryAfter);
  const envelope = record(json);
  if (!envelope) return;
  const error = record(envelope.error);
  if (envelope.success === false && error) {
    if (typeof error.code === 'string') served.errorCode = error.code;
    if (typeof error.message === 'string') served.errorMessage = error.message;
    return;
  }
  const data = record(envelope.data);
  if (envelope.success !== true || !data || (route !== 'createOrder' && route !== 'getOrderStatus')) return;
  if (route === 'createOrder') {
    if (typeof data.purchaseOrderId === 'string') served.orderId = data.purchaseOrderId;
    served.reused = data.reused === true;
    return;
  }
  if (typeof data.id === 'string') served.orderId = data.id;
  if (typeof data.status === 'string') served.orderStatus = data.status;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
