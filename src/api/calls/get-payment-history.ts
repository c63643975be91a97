import { renderPayment } from '../render.js';
import { queryRules, resolveLimit } from '../request-rules.js';
import { defineCall } from '../route.js';

export const getPaymentHistory = defineCall({
  name: 'getPaymentHistory',
  method: 'GET',
  scope: 'payments:read',
  summary: 'Wallet topup and payment history',
  description: 'The topups of the wallet.',
  records: 'payment',
  query: queryRules('limit'),
  examples: { query: { limit: 2 } },
  success: 'PaymentListEnvelope',
  handle: (ctx, { caller, query, facts }) => ctx.store.latestPaymentsOf(caller.account.id, resolveLimit(query.limit, ctx.behavior, facts)).map(renderPayment),
});
