import type { z } from 'zod';
import { PAYMENT_METHODS, type ScenarioSchemas } from '../../scenarios/scenario-schema.js';
import { dateTime, records, scenarioId, text, thb, type RecordNotes } from './recorded-values.js';

export type RecordedPayment = z.input<ScenarioSchemas['paymentSeed']>;
export type RecordedOrder = z.input<ScenarioSchemas['orderSeed']>;
type RecordedEsim = z.input<ScenarioSchemas['esimSeed']>;

const PAYMENT_STATUSES = ['success', 'pending', 'failed'] as const;
const ORDER_STATUSES = { confirmed: 'confirmed', processing: 'processing', pending: 'processing', failed: 'failed' } as const;

/**
 * A payment's amount is its wallet credit; the sandbox derives fee, VAT and amount paid by its own table (a service
 * with other fees answers other breakdowns; the replay check says where).
 */
export function recordPayments(answer: unknown, accountId: string, notes: RecordNotes): RecordedPayment[] {
  const payments: RecordedPayment[] = [];
  for (const payment of records(answer)) {
    const credit = thb(payment.walletCreditThb);
    const createdAt = dateTime(payment.createdAt);
    if (credit === undefined || credit <= 0 || createdAt === undefined) {
      notes.add('payments without a positive walletCreditThb or a date-time createdAt are left out: a scenario payment credits the wallet');
      continue;
    }
    const method = PAYMENT_METHODS.find((known) => known === payment.paymentMethod);
    if (!method) notes.add(`payment methods the scenario format does not know are recorded as "promptpay"`);
    const status = PAYMENT_STATUSES.find((known) => known === payment.status);
    if (!status) notes.add(`payment statuses other than ${PAYMENT_STATUSES.join(', ')} are recorded as "failed" (not credited)`);
    const merchantOrderId = text(payment.merchantOrderId);
    payments.push({
      id: scenarioId(payment.id, 'payment', notes),
      accountId,
      ...(merchantOrderId && { merchantOrderId }),
      amountThb: credit,
      paymentMethod: method ?? 'promptpay',
      status: status ?? 'failed',
      createdAt,
    });
  }
  return payments;
}

/** Each at the unit price it was charged; without `keepSecrets` the sandbox issues new eSIMs when it loads the scenario. */
export function recordOrders(
  answer: unknown,
  accountId: string,
  productIdOf: (order: Record<string, unknown>) => string,
  keepSecrets: boolean,
  notes: RecordNotes,
): RecordedOrder[] {
  const orders: RecordedOrder[] = [];
  for (const order of records(answer)) {
    const createdAt = dateTime(order.createdAt);
    const quantity = typeof order.quantity === 'number' && Number.isInteger(order.quantity) ? Math.min(Math.max(order.quantity, 1), 2000) : undefined;
    if (createdAt === undefined || quantity === undefined) {
      notes.add('orders without a date-time createdAt or an integer quantity are left out');
      continue;
    }
    if (quantity !== order.quantity) notes.add('order quantities outside 1 to 2000 are recorded within that range');
    const status = ORDER_STATUSES[String(order.status) as keyof typeof ORDER_STATUSES];
    if (!status) notes.add('order statuses other than confirmed, processing and failed are recorded as "confirmed"');
    const source = order.orderSource === 'web' || order.orderSource === 'api' ? order.orderSource : 'api';
    const unitPriceThb = thb(order.unitPriceThb) ?? 0;
    const total = thb(order.totalPriceThb);
    if (total !== undefined && Math.round(unitPriceThb * quantity * 100) !== Math.round(total * 100)) {
      notes.add('orders whose totalPriceThb is not unitPriceThb × quantity are recorded at unitPriceThb × quantity (the sandbox computes the total)');
    }
    const items = keepSecrets ? keptItems(order, notes) : undefined;
    orders.push({
      id: scenarioId(order.id, 'order', notes),
      accountId,
      productId: productIdOf(order),
      quantity,
      orderSource: source,
      status: status ?? 'confirmed',
      createdAt,
      unitPriceThb,
      ...(items && { items }),
    });
  }
  return orders;
}

/** The sandbox shows an activation code as `LPA:1$<smdpAddress>$<matchingId>`: an order with another form gets new eSIMs. */
function keptItems(order: Record<string, unknown>, notes: RecordNotes): RecordedEsim[] | undefined {
  const items: RecordedEsim[] = [];
  for (const item of records(order.items)) {
    const smdpAddress = text(item.smdpAddress);
    const iccid = text(item.iccid);
    const code = /^LPA:1\$([^$]+)\$(.+)$/.exec(text(item.activationCode) ?? '');
    if (!smdpAddress || !iccid || !code || code[1] !== smdpAddress || item.status !== 'provisioned') {
      notes.add('eSIMs that are not provisioned, or whose activation code is not LPA:1$<smdpAddress>$<matching id>, cannot be kept: their orders get new eSIMs');
      return undefined;
    }
    const phone = text(item.phone);
    items.push({
      id: scenarioId(item.id, 'eSIM', notes),
      ...(typeof item.sequenceNo === 'number' && Number.isInteger(item.sequenceNo) && item.sequenceNo > 0 && { sequenceNo: item.sequenceNo }),
      iccid,
      phone: phone === '' ? null : (phone ?? null),
      smdpAddress,
      matchingId: code[2]!,
    });
  }
  return items;
}
