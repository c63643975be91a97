import { ApiError } from './api-error.js';
import { jsonPreview } from '../lib/json-preview.js';
import type { PaymentMethod } from '../scenarios/scenario-schema.js';
import type { PaymentRecord } from '../state/records.js';
import { paymentBreakdown } from './payment-fees.js';
import type { Satang } from '../lib/money.js';

export interface NewPayment {
  id: string;
  accountId: string;
  credit: Satang;
  paymentMethod: PaymentMethod;
  status: PaymentRecord['status'];
  createdAt: number;
  /** Position of the payment in the account's history, for the merchant order id. */
  sequence: number;
  merchantOrderId?: string;
}

/** A wallet topup with its amount breakdown; only a successful one has been paid. */
export function buildPayment(payment: NewPayment): PaymentRecord {
  const breakdown = paymentBreakdown(payment.credit, payment.paymentMethod);
  return {
    id: payment.id,
    accountId: payment.accountId,
    merchantOrderId: payment.merchantOrderId ?? merchantOrderId(payment.createdAt, payment.sequence),
    base: breakdown.base,
    processingFee: breakdown.processingFee,
    vat: breakdown.vat,
    amount: breakdown.amount,
    walletCredit: breakdown.walletCredit,
    status: payment.status,
    paymentMethod: payment.paymentMethod,
    createdAt: payment.createdAt,
    paidAt: payment.status === 'success' ? payment.createdAt : null,
  };
}

/** `TOPUP-20260115-0007`: the day of the payment and its number in the account's history. */
export function merchantOrderId(createdAt: number, sequence: number): string {
  const day = new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '');
  return `TOPUP-${day}-${String(sequence).padStart(4, '0')}`;
}

export const MAX_TOPUP_THB = 10_000_000;

/** A topup is a positive amount of THB with at most 2 decimals, up to 10 million. */
export function checkTopupAmount(amountThb: unknown): asserts amountThb is number {
  const valid =
    typeof amountThb === 'number' &&
    Number.isFinite(amountThb) &&
    amountThb > 0 &&
    amountThb <= MAX_TOPUP_THB &&
    Math.abs(amountThb * 100 - Math.round(amountThb * 100)) < 1e-6;
  if (!valid) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `amountThb must be a number of THB above 0 and at most ${MAX_TOPUP_THB}, with at most 2 decimals (got ${jsonPreview(amountThb)})`,
    );
  }
}
