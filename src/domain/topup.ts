import { toSatang } from '../lib/money.js';
import type { PaymentMethod } from '../scenarios/scenario-schema.js';
import type { PaymentRecord } from '../state/records.js';
import { ApiError } from './api-error.js';
import type { SandboxContext } from './context.js';
import { buildPayment, checkTopupAmount } from './payments.js';

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
