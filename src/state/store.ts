import { Collection } from '@msw/data';
import type { ProviderSpec } from '../scenarios/scenario-schema.js';
import {
  accountRecordSchema,
  apiKeyRecordSchema,
  idempotencyRecordSchema,
  isCharged,
  orderRecordSchema,
  paymentRecordSchema,
  productRecordSchema,
  type AccountRecord,
  type ApiKeyRecord,
  type IdempotencyRecord,
  type OrderRecord,
  type PaymentRecord,
  type ProductRecord,
} from './records.js';
import { SortedByTime } from './sorted-by-time.js';
import type { Satang } from '../lib/money.js';

/** How many records each collection holds. */
export type RecordCounts = Record<keyof Store['collections'], number>;

export interface Ledger {
  topups: Satang;
  purchases: Satang;
}

/**
 * The records of one sandbox, in @msw/data collections, with the indexes the routes need so that a
 * lookup costs the same at 10 orders and at 10,000. Every write goes through a method here, which keeps
 * the indexes and the per-account ledger in step with the collections.
 */
export class Store {
  readonly collections = {
    accounts: new Collection({ schema: accountRecordSchema }),
    apiKeys: new Collection({ schema: apiKeyRecordSchema }),
    products: new Collection({ schema: productRecordSchema }),
    payments: new Collection({ schema: paymentRecordSchema }),
    orders: new Collection({ schema: orderRecordSchema }),
    idempotencyKeys: new Collection({ schema: idempotencyRecordSchema }),
  };

  readonly #accounts = new Map<string, AccountRecord>();
  readonly #apiKeys = new Map<string, ApiKeyRecord>();
  readonly #products = new Map<string, ProductRecord>();
  readonly #stock = new Map<string, number>();
  readonly #orders = new Map<string, OrderRecord>();
  readonly #ordersByAccount = new Map<string, SortedByTime<OrderRecord>>();
  readonly #paymentsByAccount = new Map<string, SortedByTime<PaymentRecord>>();
  readonly #ledgers = new Map<string, Ledger>();
  readonly #idempotency = new Map<string, IdempotencyRecord>();
  readonly #iccidSerials = new Map<string, number>();

  constructor(readonly providers: ReadonlyMap<string, ProviderSpec>) {}

  async addAccount(account: AccountRecord): Promise<void> {
    const record = await this.collections.accounts.create(account);
    this.#accounts.set(record.id, record);
    this.#ledgers.set(record.id, { topups: 0, purchases: 0 });
  }

  async addApiKey(apiKey: ApiKeyRecord): Promise<void> {
    const record = await this.collections.apiKeys.create(apiKey);
    this.#apiKeys.set(record.key, record);
  }

  async addProduct(product: ProductRecord): Promise<void> {
    const record = await this.collections.products.create(product);
    this.#products.set(record.id, record);
    this.#stock.set(record.id, record.inventory);
  }

  async addPayment(payment: PaymentRecord): Promise<PaymentRecord> {
    const record = await this.collections.payments.create(payment);
    this.#listOf(this.#paymentsByAccount, record.accountId).insert(record);
    if (record.status === 'success') this.ledger(record.accountId).topups += record.walletCredit;
    return record;
  }

  /** Stores an order and takes its price from the wallet. */
  async addOrder(order: OrderRecord): Promise<OrderRecord> {
    const record = await this.collections.orders.create(order);
    this.#orders.set(orderKey(record.id), record);
    this.#listOf(this.#ordersByAccount, record.accountId).insert(record);
    if (isCharged(record)) this.ledger(record.accountId).purchases += record.total;
    return record;
  }

  /** Takes sold eSIMs out of a product's inventory. */
  takeFromStock(productId: string, quantity: number): void {
    this.#stock.set(productId, this.stock(productId) - quantity);
  }

  async rememberIdempotencyKey(entry: IdempotencyRecord): Promise<void> {
    const id = idempotencyId(entry.accountId, entry.key);
    if (this.#idempotency.has(id)) {
      this.collections.idempotencyKeys.delete((q) => q.where({ accountId: entry.accountId, key: entry.key }));
    }
    const record = await this.collections.idempotencyKeys.create(entry);
    this.#idempotency.set(id, record);
  }

  account(id: string): AccountRecord | undefined {
    return this.#accounts.get(id);
  }

  apiKey(key: string): ApiKeyRecord | undefined {
    return this.#apiKeys.get(key);
  }

  product(id: string): ProductRecord | undefined {
    return this.#products.get(id);
  }

  /** Products in catalogue order. */
  products(): Iterable<ProductRecord> {
    return this.#products.values();
  }

  stock(productId: string): number {
    return this.#stock.get(productId) ?? 0;
  }

  /** The order of an id in any letter case (a UUID is a number written in hex: `ABC…` is `abc…`). */
  order(id: string): OrderRecord | undefined {
    return this.#orders.get(orderKey(id));
  }

  ordersOf(accountId: string): readonly OrderRecord[] {
    return this.#ordersByAccount.get(accountId)?.items ?? [];
  }

  latestOrdersOf(accountId: string, limit: number): OrderRecord[] {
    return this.#ordersByAccount.get(accountId)?.newestFirst(limit) ?? [];
  }

  paymentCountOf(accountId: string): number {
    return this.#paymentsByAccount.get(accountId)?.items.length ?? 0;
  }

  latestPaymentsOf(accountId: string, limit: number): PaymentRecord[] {
    return this.#paymentsByAccount.get(accountId)?.newestFirst(limit) ?? [];
  }

  ledger(accountId: string): Ledger {
    const ledger = this.#ledgers.get(accountId);
    if (!ledger) throw new Error(`no ledger for account ${accountId}`);
    return ledger;
  }

  idempotencyEntry(accountId: string, key: string): IdempotencyRecord | undefined {
    return this.#idempotency.get(idempotencyId(accountId, key));
  }

  /** The next ICCID serial of a provider: a running count from a per-provider start. */
  nextIccidSerial(provider: string, firstSerial: () => number): number {
    const serial = this.#iccidSerials.get(provider) ?? firstSerial();
    this.#iccidSerials.set(provider, serial + 1);
    return serial;
  }

  counts(): RecordCounts {
    return Object.fromEntries(
      Object.entries(this.collections).map(([name, collection]) => [name, collection.count()]),
    ) as RecordCounts;
  }

  #listOf<T extends { createdAt: number; id: string }>(
    index: Map<string, SortedByTime<T>>,
    accountId: string,
  ): SortedByTime<T> {
    let list = index.get(accountId);
    if (!list) index.set(accountId, (list = new SortedByTime<T>()));
    return list;
  }
}

function orderKey(id: string): string {
  return id.toLowerCase();
}

function idempotencyId(accountId: string, key: string): string {
  return `${accountId}\u0000${key}`;
}
