import { parseInput } from '../parse-input.js';
import { renderBalance } from '../render.js';
import { noQuery } from '../request-rules.js';
import type { CallHandler } from '../route.js';

export const getBalance: CallHandler<'getBalance'> = (ctx, { caller, query }) => {
  parseInput(noQuery, query);
  return renderBalance(caller.account.id, ctx.store.ledger(caller.account.id));
};
