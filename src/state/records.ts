import { z } from 'zod';
import {
  accountSchema,
  apiKeySchema,
  paymentMethodSchema,
  productSchema,
} from '../scenarios/scenario-schema.js';

/** The shapes of what the sandbox stores. Times are epoch milliseconds, money is satang. */

export const accountRecordSchema = accountSchema;
export const apiKeyRecordSchema = apiKeySchema;
export const productRecordSchema = productSchema;

export const paymentRecordSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  merchantOrderId: z.string(),
  base: z.int(),
  processingFee: z.int(),
  vat: z.int(),
  amount: z.int(),
  walletCredit: z.int(),
  status: z.enum(['success', 'pending', 'failed']),
  paymentMethod: paymentMethodSchema,
  createdAt: z.number(),
  paidAt: z.number().nullable(),
});

export const esimRecordSchema = z.object({
  id: z.string(),
  sequenceNo: z.int(),
  provider: z.string(),
  iccid: z.string(),
  phone: z.string().nullable(),
  smdpAddress: z.string(),
  matchingId: z.string(),
});

export const orderRecordSchema = z.object({
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
  items: z.array(esimRecordSchema),
});

export const idempotencyRecordSchema = z.object({
  accountId: z.string(),
  key: z.string(),
  orderId: z.string(),
  productId: z.string(),
  quantity: z.int(),
  createdAt: z.number(),
});

export type AccountRecord = z.output<typeof accountRecordSchema>;
export type ApiKeyRecord = z.output<typeof apiKeyRecordSchema>;
export type ProductRecord = z.output<typeof productRecordSchema>;
export type PaymentRecord = z.output<typeof paymentRecordSchema>;
export type EsimRecord = z.output<typeof esimRecordSchema>;
export type OrderRecord = z.output<typeof orderRecordSchema>;
export type IdempotencyRecord = z.output<typeof idempotencyRecordSchema>;

/** Orders whose price was taken from the wallet. */
export function isCharged(order: Pick<OrderRecord, 'status'>): boolean {
  return order.status !== 'failed';
}
