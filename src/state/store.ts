import { Collection } from '@msw/data';
import type { ProviderSpec } from '../scenarios/scenario-schema.js';
import {
  isCharged,
  recordSchemas,
  type AccountRecord,
  type ApiKeyRecord,
  type IdempotencyRecord,
  type OrderRecord,
  type PaymentRecord,
  type ProductRecord,
} from './records.js';
import { SortedByTime } from './sorted-by-time.js';
import { adoptRecords, CheckedValues, freezeRecord, replaceRecord } from './collection-records.js';
import type { Satang } from '../lib/money.js';

type Collections = Store['collections'];
type Stored<Name extends keyof Collections> = ReturnType<Collections[Name]['all']>[number];

export type RecordCounts = Record<keyof Store['collections'], number>;

/** Shares the frozen record objects; the ICCID counters are the issuing generator's position, not state. */
export interface StoreSnapshot {
  readonly records: { readonly [name in keyof Collections]: ReadonlyArray<ReturnType<Collections[name]['all']>[number]> };
  readonly iccidSerials: ReadonlyMap<string, number>;
}

interface Replaceable {
  products: ProductRecord;
  orders: OrderRecord;
}

/** `checked` values, built from a scenario the loader has checked, are stored without validating again. */
export type RecordSource = 'new' | 'checked';

export interface Ledger {
  topups: Satang;
  purchases: Satang;
}

/**
 * The @msw/data collections are the state; the maps here are only indexes over them, so that a lookup costs the
 * same at 10 orders and at 10,000 (a collection query scans: ~16 ms at 100k records). Every write goes through a
 * method here, collection first, then indexes; records are frozen and replaced, so a snapshot can share them.
 */
export class Store {
  readonly #checked = new CheckedValues();

  readonly collections = {
    accounts: new Collection({ schema: this.#checked.schema(() => recordSchemas().accounts) }),
    apiKeys: new Collection({ schema: this.#checked.schema(() => recordSchemas().apiKeys) }),
    products: new Collection({ schema: this.#checked.schema(() => recordSchemas().products) }),
    payments: new Collection({ schema: this.#checked.schema(() => recordSchemas().payments) }),
    orders: new Collection({ schema: this.#checked.schema(() => recordSchemas().orders) }),
    idempotencyKeys: new Collection({ schema: this.#checked.schema(() => recordSchemas().idempotencyKeys) }),
  };

  readonly #accounts = new Map<string, Stored<'accounts'>>();
  readonly #apiKeys = new Map<string, Stored<'apiKeys'>>();
  readonly #products = new Map<string, Stored<'products'>>();
  readonly #orders = new Map<string, Stored<'orders'>>();
  readonly #ordersByAccount = new Map<string, SortedByTime<Stored<'orders'>>>();
  readonly #paymentsByAccount = new Map<string, SortedByTime<Stored<'payments'>>>();
  readonly #ledgers = new Map<string, Ledger>();
  readonly #idempotency = new Map<string, Stored<'idempotencyKeys'>>();
  readonly #iccidSerials = new Map<string, number>();
  /** Soonest first. */
  readonly #provisioning: Stored<'orders'>[] = [];
  readonly #revisions: RecordCounts = { accounts: 0, apiKeys: 0, products: 0, payments: 0, orders: 0, idempotencyKeys: 0 };

  /**
   * Every write ends in `#indexed`, so a new way of writing cannot leave the revision behind. What was derived
   * from a collection at one revision (a page) holds until the next.
   */
  revision(collection: keyof Collections): number {
    return this.#revisions[collection];
  }

  constructor(readonly providers: ReadonlyMap<string, ProviderSpec>) {}

  async addAccount(account: AccountRecord, source: RecordSource = 'new'): Promise<void> {
    this.#indexAccount(freezeRecord(await this.#create('accounts', account, source)));
  }

  async addApiKey(apiKey: ApiKeyRecord, source: RecordSource = 'new'): Promise<void> {
    this.#indexApiKey(freezeRecord(await this.#create('apiKeys', apiKey, source)));
  }

  async addProduct(product: ProductRecord, source: RecordSource = 'new'): Promise<void> {
    this.#indexProduct(freezeRecord(await this.#create('products', product, source)));
  }

  async addPayment(payment: PaymentRecord, source: RecordSource = 'new'): Promise<PaymentRecord> {
    const record = freezeRecord(await this.#create('payments', payment, source));
    this.#indexPayment(record);
    return record;
  }

  /** Takes its price from the wallet; a `processing` order turns `confirmed` through `provisionDue`. */
  async addOrder(order: OrderRecord, source: RecordSource = 'new'): Promise<OrderRecord> {
    const record = freezeRecord(await this.#create('orders', order, source));
    this.#indexOrder(record);
    return record;
  }

  #create<Name extends keyof Collections>(name: Name, values: Parameters<Collections[Name]['create']>[0], source: RecordSource): Promise<Stored<Name>> {
    const collection = this.collections[name] as Collection<any>;
    const create = () => collection.create(values) as Promise<Stored<Name>>;
    return source === 'checked' ? this.#checked.trusted(create) : create();
  }

  async takeFromStock(productId: string, quantity: number): Promise<void> {
    const product = this.#products.get(productId);
    if (!product) throw new Error(`no product ${productId} to take ${quantity} eSIMs from`);
    await this.replace('products', product, { inventory: product.inventory - quantity });
  }

  /** `changes` are validated by the collection's schema; indexes, ledger, provisioning queue and revision follow. */
  async replace<Name extends keyof Replaceable>(name: Name, previous: Replaceable[Name], changes: Partial<Replaceable[Name]>): Promise<Replaceable[Name]> {
    const collection: Collection<any> = name === 'products' ? this.collections.products : this.collections.orders;
    const replaced: object = await replaceRecord(collection, previous as object, { ...(previous as object), ...changes });
    const next = freezeRecord(replaced);
    if (name === 'products') {
      this.#products.set((next as Stored<'products'>).id, next as Stored<'products'>);
    } else {
      this.#reindexOrder(previous as Stored<'orders'>, next as Stored<'orders'>);
    }
    this.#indexed(name);
    return next as Replaceable[Name];
  }

  #reindexOrder(previous: Stored<'orders'>, next: Stored<'orders'>): void {
    this.#orders.set(orderKey(next.id), next);
    this.#ordersByAccount.get(next.accountId)!.replace(next);
    const ledger = this.ledger(next.accountId);
    ledger.purchases += (isCharged(next) ? next.total : 0) - (isCharged(previous) ? previous.total : 0);
    const waiting = this.#provisioning.indexOf(previous);
    if (waiting !== -1) this.#provisioning.splice(waiting, 1);
    this.#awaitProvisioning(next);
  }

  #indexed(name: keyof Collections): void {
    this.#revisions[name] += 1;
  }

  hasProvisioningDue(now: number): boolean {
    return this.#provisioning.length > 0 && this.#provisioning[0]!.provisionedAt <= now;
  }

  async provisionDue(now: number): Promise<void> {
    while (this.hasProvisioningDue(now)) {
      await this.replace('orders', this.#provisioning[0]!, { status: 'confirmed' });
    }
  }

  /** Replaces what the key placed before (an expired entry). */
  async rememberIdempotencyKey(entry: IdempotencyRecord): Promise<void> {
    const previous = this.#idempotency.get(idempotencyId(entry.accountId, entry.key));
    if (previous) {
      this.collections.idempotencyKeys.delete(previous);
      this.#indexed('idempotencyKeys');
    }
    this.#indexIdempotencyEntry(freezeRecord(await this.collections.idempotencyKeys.create(entry)));
  }

  #indexAccount(record: Stored<'accounts'>): void {
    this.#accounts.set(record.id, record);
    this.#ledgers.set(record.id, { topups: 0, purchases: 0 });
    this.#indexed('accounts');
  }

  #indexApiKey(record: Stored<'apiKeys'>): void {
    this.#apiKeys.set(record.key, record);
    this.#indexed('apiKeys');
  }

  #indexProduct(record: Stored<'products'>): void {
    this.#products.set(record.id, record);
    this.#indexed('products');
  }

  #indexPayment(record: Stored<'payments'>): void {
    this.#listOf(this.#paymentsByAccount, record.accountId).insert(record);
    if (record.status === 'success') this.ledger(record.accountId).topups += record.walletCredit;
    this.#indexed('payments');
  }

  #indexOrder(record: Stored<'orders'>): void {
    this.#orders.set(orderKey(record.id), record);
    this.#listOf(this.#ordersByAccount, record.accountId).insert(record);
    if (isCharged(record)) this.ledger(record.accountId).purchases += record.total;
    this.#awaitProvisioning(record);
    this.#indexed('orders');
  }

  #awaitProvisioning(record: Stored<'orders'>): void {
    if (!isAwaitingProvisioning(record)) return;
    const at = this.#provisioning.findLastIndex((pending) => pending.provisionedAt <= record.provisionedAt) + 1;
    this.#provisioning.splice(at, 0, record);
  }

  #indexIdempotencyEntry(record: Stored<'idempotencyKeys'>): void {
    this.#idempotency.set(idempotencyId(record.accountId, record.key), record);
    this.#indexed('idempotencyKeys');
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

  products(): Iterable<ProductRecord> {
    return this.#products.values();
  }

  stock(productId: string): number {
    return this.#products.get(productId)?.inventory ?? 0;
  }

  /** In any letter case (a UUID is a number written in hex: `ABC…` is `abc…`). */
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

  nextIccidSerial(provider: string, firstSerial: () => number): number {
    const serial = this.#iccidSerials.get(provider) ?? firstSerial();
    this.#iccidSerials.set(provider, serial + 1);
    return serial;
  }

  snapshot(): StoreSnapshot {
    const records = Object.fromEntries(Object.entries(this.collections).map(([name, collection]) => [name, [...collection.all()]]));
    return { records: records as Record<string, unknown> as StoreSnapshot['records'], iccidSerials: new Map(this.#iccidSerials) };
  }

  /** Holds the very records of `snapshot` (see adoptRecords); indexes and ledgers are built again. */
  static fromSnapshot(providers: ReadonlyMap<string, ProviderSpec>, snapshot: StoreSnapshot): Store {
    const store = new Store(providers);
    const { collections } = store;
    const { records } = snapshot;
    for (const name of Object.keys(collections) as Array<keyof Collections>) adoptRecords(collections[name] as Collection<any>, records[name]);
    for (const record of records.accounts) store.#indexAccount(record);
    for (const record of records.apiKeys) store.#indexApiKey(record);
    for (const record of records.products) store.#indexProduct(record);
    for (const record of records.payments) store.#indexPayment(record);
    for (const record of records.orders) store.#indexOrder(record);
    for (const record of records.idempotencyKeys) store.#indexIdempotencyEntry(record);
    for (const [provider, serial] of snapshot.iccidSerials) store.#iccidSerials.set(provider, serial);
    return store;
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

/** Not an order recorded as `processing` for good. */
function isAwaitingProvisioning(order: OrderRecord): boolean {
  return order.status === 'processing' && order.provisionedAt > order.createdAt;
}

function orderKey(id: string): string {
  return id.toLowerCase();
}

function idempotencyId(accountId: string, key: string): string {
  return `${accountId}\u0000${key}`;
}
