import type { ActiveTier } from '../domain/tier-pricing.js';
import { activationCode } from '../domain/provisioning.js';
import { toThb } from '../lib/money.js';
import type { Ledger } from '../state/store.js';
import type { EsimRecord, OrderRecord, PaymentRecord, ProductRecord } from '../state/records.js';
import type { QrImageCache } from '../lib/qr-image.js';
import type { PaymentMethod } from '../scenarios/scenario-schema.js';

/** Records as the API shows them: the spec's fields in the spec's order, nothing more. */

/** The wallet as getBalance shows it, the document's `Balance` (test/openapi/rendered-types.test.ts keeps them equal). */
export interface RenderedBalance {
  accountId: string;
  totalTopupsThb: number;
  totalPurchasesThb: number;
  balanceThb: number;
}

/**
 * A payment as getPaymentHistory and `sandbox.topup()` show it: the document's `Payment`, with `status` one of the
 * three the sandbox knows (the document leaves it an open string) and `paidAt` always there (the document lets it be left out).
 */
export interface RenderedPayment {
  id: string;
  merchantOrderId: string;
  amountThb: number;
  baseAmountThb: number;
  processingFeeThb: number;
  vatThb: number;
  walletCreditThb: number;
  status: PaymentRecord['status'];
  paymentMethod: PaymentMethod;
  /** ISO 8601; null while the payment is not paid. */
  paidAt: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export function renderBalance(accountId: string, ledger: Ledger): RenderedBalance {
  return {
    accountId,
    totalTopupsThb: toThb(ledger.topups),
    totalPurchasesThb: toThb(ledger.purchases),
    balanceThb: toThb(ledger.topups - ledger.purchases),
  };
}

export function renderProduct(product: ProductRecord, tier: ActiveTier) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    provider: product.provider,
    sku: product.sku,
    ...(product.retailPriceThb !== undefined && { retailPriceThb: product.retailPriceThb }),
    ...(product.metadata !== undefined && { metadata: product.metadata }),
    ...(product.promotionLabel !== undefined && { promotionLabel: product.promotionLabel }),
    ...(product.promotionFeatures !== undefined && { promotionFeatures: product.promotionFeatures }),
    currentUnitPriceThb: toThb(tier.unitPrice),
    activeTierMinTrailingYearQty: tier.minTrailingYearQty,
  };
}

export function renderPayment(payment: PaymentRecord): RenderedPayment {
  return {
    id: payment.id,
    merchantOrderId: payment.merchantOrderId,
    amountThb: toThb(payment.amount),
    baseAmountThb: toThb(payment.base),
    processingFeeThb: toThb(payment.processingFee),
    vatThb: toThb(payment.vat),
    walletCreditThb: toThb(payment.walletCredit),
    status: payment.status,
    paymentMethod: payment.paymentMethod,
    paidAt: payment.paidAt === null ? null : new Date(payment.paidAt).toISOString(),
    createdAt: new Date(payment.createdAt).toISOString(),
  };
}

export interface ItemView {
  now: number;
  includeQrImages: boolean;
  qrImages: QrImageCache;
}

/** Items of an order are `pending` until the sandbox clock reaches the order's provisioning time. */
export function isProvisioned(order: OrderRecord, now: number): boolean {
  return order.status !== 'failed' && now >= order.provisionedAt;
}

export function orderStatus(order: OrderRecord, now: number): string {
  if (order.status === 'processing' || (order.status === 'confirmed' && !isProvisioned(order, now))) return 'processing';
  return order.status;
}

/** Without `items`, which come last: rendered-orders.ts appends them to this JSON. */
export function renderOrderFields(order: OrderRecord, now: number) {
  return {
    id: order.id,
    status: orderStatus(order, now),
    orderSource: order.orderSource,
    quantity: order.quantity,
    unitPriceThb: toThb(order.unitPrice),
    totalPriceThb: toThb(order.total),
    createdAt: new Date(order.createdAt).toISOString(),
    product: { name: order.productName, sku: order.productSku },
  };
}

/** Without `qrBase64Url`, which comes last when asked for. */
export function renderOrderItem(item: EsimRecord, provisioned: boolean) {
  if (provisioned) return { id: item.id, ...renderProfile(item) };
  return {
    id: item.id,
    sequenceNo: item.sequenceNo,
    status: 'pending',
    provider: item.provider,
    iccid: null,
    phone: null,
    activationCode: null,
    smdpAddress: null,
    qrCode: null,
  };
}

export function itemQrImage(item: EsimRecord, provisioned: boolean, qrImages: QrImageCache): string | null {
  return provisioned ? qrImages.get(activationCode(item.smdpAddress, item.matchingId)) : null;
}

export type RenderedOrder = ReturnType<typeof renderOrderFields> & {
  items: (ReturnType<typeof renderOrderItem> & { qrBase64Url?: string | null })[];
};

/** An item of the createOrder answer: the EsimItem fields without `id`. */
export function renderCreatedItem(item: EsimRecord, view: ItemView) {
  return {
    ...renderProfile(item),
    ...(view.includeQrImages && { qrBase64Url: view.qrImages.get(activationCode(item.smdpAddress, item.matchingId)) }),
  };
}

function renderProfile(item: EsimRecord) {
  const code = activationCode(item.smdpAddress, item.matchingId);
  return {
    sequenceNo: item.sequenceNo,
    status: 'provisioned',
    provider: item.provider,
    iccid: item.iccid,
    phone: item.phone,
    activationCode: code,
    smdpAddress: item.smdpAddress,
    qrCode: code,
  };
}
