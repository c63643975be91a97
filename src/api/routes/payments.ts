import { renderPayment } from '../render.js';
import { listQuery, resolveLimit } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getPaymentHistory: CallHandler<'getPaymentHistory'> = (ctx, { caller, query, facts, parse }) => {
  const { limit } = parse(listQuery, query);
  return ctx.store.latestPaymentsOf(caller.account.id, resolveLimit(limit, ctx.behavior, facts)).map(renderPayment);
};
