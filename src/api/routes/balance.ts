import { checkFields } from '../field-rules.js';
import { renderBalance } from '../render.js';
import type { Route } from '../route.js';

export const getBalance: Route = {
  method: 'GET',
  path: '/getBalance',
  scope: 'balance:read',
  handle(ctx, { caller, query }) {
    checkFields(query, {}, 'query');
    return renderBalance(caller.account.id, ctx.store.ledger(caller.account.id));
  },
};
