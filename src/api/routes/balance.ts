import { renderBalance } from '../render.js';
import { noQuery } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getBalance: CallHandler<'getBalance'> = (ctx, { caller, query, parse }) => {
  parse(noQuery, query);
  return renderBalance(caller.account.id, ctx.store.ledger(caller.account.id));
};
