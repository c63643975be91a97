import { checkFields } from '../field-rules.js';
import { renderPayment } from '../render.js';
import { limitRule, resolveLimit } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getPaymentHistory: CallHandler<'getPaymentHistory'> = (ctx, { caller, query }) => {
  const { limit } = checkFields(query, { limit: limitRule }, 'query');
  return ctx.store.latestPaymentsOf(caller.account.id, resolveLimit(limit, ctx.behavior)).map(renderPayment);
};
