import { renderBalance } from './render.js';
import type { SandboxContext } from '../domain/context.js';

/** What `GET /__sandbox/state` shows: enough to see what a test did, without dumping every eSIM. */
export function summarizeState({ scenario, store, clock }: SandboxContext): Record<string, unknown> {
  return {
    scenario: scenario.name,
    now: new Date(clock.now()).toISOString(),
    accounts: scenario.accounts.map((account) => ({
      id: account.id,
      name: account.name,
      kyc: account.kyc,
      balance: renderBalance(account.id, store.ledger(account.id)),
      orders: store.ordersOf(account.id).length,
      apiKeys: scenario.apiKeys.filter((key) => key.accountId === account.id).map((key) => key.key),
    })),
    products: [...store.products()].map((product) => ({
      id: product.id,
      sku: product.sku,
      active: product.active,
      inventory: store.stock(product.id),
    })),
    records: store.counts(),
  };
}
