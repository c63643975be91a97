import { renderBalance, type RenderedBalance } from './render.js';
import type { SandboxContext } from '../domain/context.js';
import type { AccountSpec } from '../scenarios/scenario-schema.js';
import type { RecordCounts } from '../state/store.js';

/** What `sandbox.state()` and `GET /__sandbox/state` show: enough to see what a test did, without dumping every eSIM. */
export interface SandboxState {
  /** Name of the scenario loaded now. */
  scenario: string;
  /** Sandbox-clock time, ISO 8601. */
  now: string;
  /** Every account of the scenario, in its order. */
  accounts: AccountState[];
  /** Every product, active or not. */
  products: ProductState[];
  /** How many records each collection holds: `accounts`, `apiKeys`, `products`, `payments`, `orders`, `idempotencyKeys`. */
  records: RecordCounts;
}

export interface AccountState {
  id: string;
  name: string;
  kyc: AccountSpec['kyc'];
  /** The wallet as getBalance shows it. */
  balance: RenderedBalance;
  /** How many orders the account has, of every status. */
  orders: number;
  /** The API keys of the account, revoked ones included. */
  apiKeys: string[];
}

export interface ProductState {
  id: string;
  sku: string;
  active: boolean;
  /** eSIMs left to sell. */
  inventory: number;
}

export function summarizeState({ scenario, store, clock }: SandboxContext): SandboxState {
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
