import { ApiError } from './api-error.js';
import type { SandboxContext } from './context.js';
import { jsonPreview } from '../lib/json-preview.js';
import { applyRate, toSatang, type Satang } from '../lib/money.js';
import type { PaymentMethod } from '../scenarios/scenario-schema.js';
import type { PaymentRecord } from '../state/records.js';

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

export function buildPayment(payment: NewPayment): PaymentRecord {
  return {
    id: payment.id,
    accountId: payment.accountId,
    merchantOrderId: payment.merchantOrderId ?? merchantOrderId(payment.createdAt, payment.sequence),
    ...paymentBreakdown(payment.credit, payment.paymentMethod),
    status: payment.status,
    paymentMethod: payment.paymentMethod,
    createdAt: payment.createdAt,
    paidAt: payment.status === 'success' ? payment.createdAt : null,
  };
}

/** `TOPUP-20260115-0007`: the day of the payment and its number in the account's history. */
function merchantOrderId(createdAt: number, sequence: number): string {
  const day = new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '');
  return `TOPUP-${day}-${String(sequence).padStart(4, '0')}`;
}

const MAX_TOPUP_THB = 10_000_000;

function checkTopupAmount(amountThb: unknown): asserts amountThb is number {
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

/** Processing fee of each payment method, as a fraction of the credited amount. */
const PROCESSING_FEE_RATES: Record<PaymentMethod, number> = {
  promptpay: 0.0165,
  card: 0.0365,
  airpay: 0.025,
  alipay: 0.03,
  linepay: 0.025,
  truemoney: 0.025,
  wechat: 0.03,
  kplus: 0.015,
  scb_easy: 0.015,
  bbl_deeplink: 0.015,
  baybank_deeplink: 0.015,
};

/** Thai VAT, charged on the processing fee. */
const VAT_RATE = 0.07;

/** The wallet is credited `credit`; the payer pays the method's fee and the VAT on that fee on top. */
function paymentBreakdown(credit: Satang, method: PaymentMethod) {
  const processingFee = applyRate(credit, PROCESSING_FEE_RATES[method]);
  const vat = applyRate(processingFee, VAT_RATE);
  return { base: credit, processingFee, vat, amount: credit + processingFee + vat, walletCredit: credit };
}

export interface TopupInput {
  /** Credit the account of this API key… */
  apiKey?: string;
  /** …or this account. */
  accountId?: string;
  /** What the wallet is credited, in THB; the method's fee and VAT are added on top in the payment record. */
  amountThb: number;
  /** Default: `"promptpay"`. */
  paymentMethod?: PaymentMethod;
}

/** Credits a wallet as a successful payment, at the sandbox clock's time; refuses an unknown account or a bad amount. */
export async function topUp(ctx: SandboxContext, { apiKey, accountId, amountThb, paymentMethod = 'promptpay' }: TopupInput): Promise<PaymentRecord> {
  const account = ctx.store.account(accountId ?? ctx.store.apiKey(apiKey ?? '')?.accountId ?? '');
  if (!account) {
    const which = accountId !== undefined ? `accountId ${accountId}` : `apiKey ${JSON.stringify(apiKey ?? '')}`;
    throw new ApiError('VALIDATION_ERROR', `no account for ${which}; use a key or account of the loaded scenario`);
  }
  checkTopupAmount(amountThb);
  const now = ctx.clock.now();
  return ctx.store.addPayment(
    buildPayment({
      id: ctx.random.uuid(),
      accountId: account.id,
      credit: toSatang(amountThb),
      paymentMethod,
      status: 'success',
      createdAt: now,
      sequence: ctx.store.paymentCountOf(account.id) + 1,
    }),
  );
}
