import { renderedBalance } from '../rendered-balance.js';
import { queryRules } from '../request-rules.js';
import { defineCall } from '../route.js';

export const getBalance = defineCall({
  name: 'getBalance',
  method: 'GET',
  path: '/getBalance',
  scope: 'balance:read',
  summary: 'Account balance summary',
  description: 'Request: no parameters, no body.',
  query: queryRules(),
  success: 'BalanceEnvelope',
  handle: (ctx, { caller }) => renderedBalance(ctx, caller.account.id, ctx.store.ledger(caller.account.id)),
});
