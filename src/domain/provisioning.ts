import type { EsimSeed } from '../scenarios/scenario-schema.js';
import type { ProductRecord, OrderRecord, EsimRecord } from '../state/records.js';
import type { Store } from '../state/store.js';
import type { SeededRandom } from '../state/seeded-random.js';
import { issueProfile } from './esim-data.js';
import type { OrderPrice } from './order-rules.js';

export interface NewOrder {
  accountId: string;
  product: ProductRecord;
  quantity: number;
  price: OrderPrice;
  createdAt: number;
  provisionedAt: number;
  status: OrderRecord['status'];
  orderSource: OrderRecord['orderSource'];
  id?: string;
  /** eSIMs issued before (a recorded order's own); when given, none are drawn. */
  items?: readonly EsimSeed[];
}

/** An order record with one SM-DP+ profile per eSIM, every value drawn from the sandbox's seeded source. */
export function buildOrder(store: Store, random: SeededRandom, order: NewOrder): OrderRecord {
  const provider = store.providers.get(order.product.provider);
  if (!provider) throw new Error(`product ${order.product.id} names unknown provider ${order.product.provider}`);
  const id = order.id ?? random.uuid();
  const items: EsimRecord[] = (order.items ?? []).map((item, index) => ({
    id: item.id,
    sequenceNo: item.sequenceNo ?? index + 1,
    provider: provider.name,
    iccid: item.iccid,
    phone: item.phone,
    smdpAddress: item.smdpAddress,
    matchingId: item.matchingId,
  }));
  if (order.items === undefined && order.status !== 'failed') {
    for (let sequenceNo = 1; sequenceNo <= order.quantity; sequenceNo++) {
      const serial = store.nextIccidSerial(provider.name, () => random.int(100_000, 999_999) * 1000);
      const { iccid, smdpAddress, matchingId, phone } = issueProfile(provider, serial, random);
      // In the order of the record's schema, as a validated record has its fields.
      items.push({ id: random.uuid(), sequenceNo, provider: provider.name, iccid, phone, smdpAddress, matchingId });
    }
  }
  return {
    id,
    accountId: order.accountId,
    productId: order.product.id,
    productName: order.product.name,
    productSku: order.product.sku,
    status: order.status,
    orderSource: order.orderSource,
    quantity: order.quantity,
    unitPrice: order.price.unitPrice,
    total: order.price.total,
    createdAt: order.createdAt,
    provisionedAt: order.provisionedAt,
    items,
  };
}
