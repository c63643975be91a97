import { checkFields } from '../field-rules.js';
import { renderBalance } from '../render.js';
import type { CallHandler } from '../route.js';

export const getBalance: CallHandler<'getBalance'> = (ctx, { caller, query }) => {
  checkFields(query, {}, 'query');
  return renderBalance(caller.account.id, ctx.store.ledger(caller.account.id));
};
