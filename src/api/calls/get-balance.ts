import type { SandboxContext } from '../../domain/context.js';
import { RenderedJson } from '../../lib/rendered-json.js';
import type { Ledger } from '../../state/store.js';
import { renderBalance, type RenderedBalance } from '../render.js';
import { queryRules } from '../request-rules.js';
import { defineCall } from '../route.js';

export const getBalance = defineCall({
  name: 'getBalance',
  method: 'GET',
  scope: 'balance:read',
  summary: 'Account balance summary',
  description: 'Request: no parameters, no body.',
  query: queryRules(),
  success: 'BalanceEnvelope',
  handle: (ctx, { caller }) => renderedBalance(ctx, caller.account.id, ctx.store.ledger(caller.account.id)),
});

/** Rendered again only when the ledger's sums move: a client polling its balance gets the same bytes (see `successAnswer`). */
export function renderedBalance(ctx: SandboxContext, accountId: string, ledger: Ledger): RenderedJson<RenderedBalance> {
  const last = ctx.renderedBalances.get(accountId);
  if (last !== undefined && last.topups === ledger.topups && last.purchases === ledger.purchases) return last.rendered as RenderedJson<RenderedBalance>;
  const rendered = new RenderedJson<RenderedBalance>(JSON.stringify(renderBalance(accountId, ledger)));
  ctx.renderedBalances.set(accountId, { topups: ledger.topups, purchases: ledger.purchases, rendered });
  return rendered;
}
