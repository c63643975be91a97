import type { PaymentMethod } from '../scenarios/scenario-schema.js';
import { applyRate, type Satang } from '../lib/money.js';

/** Processing fee of each payment method, as a fraction of the credited amount. */
export const PROCESSING_FEE_RATES: Record<PaymentMethod, number> = {
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
export const VAT_RATE = 0.07;

export interface PaymentBreakdown {
  base: Satang;
  processingFee: Satang;
  vat: Satang;
  amount: Satang;
  walletCredit: Satang;
}

/** The wallet is credited `credit`; the payer pays the method's fee and the VAT on that fee on top. */
export function paymentBreakdown(credit: Satang, method: PaymentMethod): PaymentBreakdown {
  const processingFee = applyRate(credit, PROCESSING_FEE_RATES[method]);
  const vat = applyRate(processingFee, VAT_RATE);
  return { base: credit, processingFee, vat, amount: credit + processingFee + vat, walletCredit: credit };
}
