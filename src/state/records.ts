import { z } from 'zod';
import { scenarioSchemas } from '../scenarios/scenario-schema.js';

/** Times are epoch milliseconds, money is satang. Made at the first record checked, as the scenario schemas are. */
export function recordSchemas(): RecordSchemas {
  return (schemas ??= makeRecordSchemas());
}

let schemas: RecordSchemas | undefined;

export type RecordSchemas = ReturnType<typeof makeRecordSchemas>;

function makeRecordSchemas() {
  const { account, apiKey, product, paymentMethod } = scenarioSchemas();

  const payments = z.object({
    id: z.string(),
    accountId: z.string(),
    merchantOrderId: z.string(),
    base: z.int(),
    processingFee: z.int(),
    vat: z.int(),
    amount: z.int(),
    walletCredit: z.int(),
    status: z.enum(['success', 'pending', 'failed']),
    paymentMethod,
    createdAt: z.number(),
    paidAt: z.number().nullable(),
  });

  const esim = z.object({
    id: z.string(),
    sequenceNo: z.int(),
    provider: z.string(),
    iccid: z.string(),
    phone: z.string().nullable(),
    smdpAddress: z.string(),
    matchingId: z.string(),
  });

  const orders = z.object({
    id: z.string(),
    accountId: z.string(),
    productId: z.string(),
    productName: z.string(),
    productSku: z.string(),
    status: z.enum(['confirmed', 'processing', 'failed']),
    orderSource: z.enum(['web', 'api']),
    quantity: z.int(),
    unitPrice: z.int(),
    total: z.int(),
    createdAt: z.number(),
    /** When the eSIMs become `provisioned`; later than `createdAt` only with delayed provisioning. */
    provisionedAt: z.number(),
    items: z.array(esim),
  });

  const idempotencyKeys = z.object({
    accountId: z.string(),
    key: z.string(),
    orderId: z.string(),
    productId: z.string(),
    quantity: z.int(),
    createdAt: z.number(),
  });

  return { accounts: account, apiKeys: apiKey, products: product, payments, orders, idempotencyKeys };
}

export type AccountRecord = z.output<RecordSchemas['accounts']>;
export type ApiKeyRecord = z.output<RecordSchemas['apiKeys']>;
export type ProductRecord = z.output<RecordSchemas['products']>;
export type PaymentRecord = z.output<RecordSchemas['payments']>;
export type EsimRecord = OrderRecord['items'][number];
export type OrderRecord = z.output<RecordSchemas['orders']>;
export type IdempotencyRecord = z.output<RecordSchemas['idempotencyKeys']>;

/** Orders whose price was taken from the wallet. */
export function isCharged(order: Pick<OrderRecord, 'status'>): boolean {
  return order.status !== 'failed';
}
