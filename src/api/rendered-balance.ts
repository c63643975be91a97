import type { Ledger } from '../state/store.js';
import { RenderedJson } from './rendered-json.js';
import { renderBalance, type RenderedBalance } from './render.js';

interface KeptBalance {
  topups: number;
  purchases: number;
  rendered: RenderedJson<RenderedBalance>;
}

/** The balance last rendered from each ledger, with the sums it was rendered from. */
const kept = new WeakMap<Ledger, KeptBalance>();

/**
 * getBalance's data, rendered again only when the ledger's sums have moved: a client polling its balance gets
 * the same JSON, and the same envelope and bytes after it (see `successAnswer` and `writeAnswer`).
 */
export function renderedBalance(accountId: string, ledger: Ledger): RenderedJson<RenderedBalance> {
  const last = kept.get(ledger);
  if (last !== undefined && last.topups === ledger.topups && last.purchases === ledger.purchases) return last.rendered;
  const rendered = new RenderedJson<RenderedBalance>(JSON.stringify(renderBalance(accountId, ledger)));
  kept.set(ledger, { topups: ledger.topups, purchases: ledger.purchases, rendered });
  return rendered;
}
