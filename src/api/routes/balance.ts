import { renderedBalance } from '../rendered-balance.js';
import { noQuery } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getBalance: CallHandler<'getBalance'> = (ctx, { caller, query, parse }) => {
  parse(noQuery, query);
  return renderedBalance(caller.account.id, ctx.store.ledger(caller.account.id));
};
