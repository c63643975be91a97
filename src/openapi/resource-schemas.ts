import { PAYMENT_METHODS } from '../scenarios/scenario-schema.js';
import type { ReferenceObject, SchemaObject } from './openapi-types.js';

/**
 * The resources of the spec as OpenAPI schemas: its fields, required lists, nullable fields, enums and formats,
 * and nothing it leaves open (statuses are plain strings, `metadata` is any JSON value).
 */

export const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

const uuid = (description?: string): SchemaObject => ({ type: 'string', format: 'uuid', ...(description && { description }) });
const dateTime = (description?: string): SchemaObject => ({ type: 'string', format: 'date-time', ...(description && { description }) });
const thb = (description: string): SchemaObject => ({ type: 'number', description });
const nullableString = (description?: string): SchemaObject => ({ type: 'string', nullable: true, ...(description && { description }) });
const STATUS_NOTE = 'Values beyond those named in the spec are not listed; treat it as an open string.';

const Balance: SchemaObject = {
  type: 'object',
  description: 'The wallet of the account, in THB: topups minus purchases.',
  required: ['accountId', 'totalTopupsThb', 'totalPurchasesThb', 'balanceThb'],
  properties: {
    accountId: uuid(),
    totalTopupsThb: thb('Sum of the wallet credits of the topups.'),
    totalPurchasesThb: thb('Sum of the totals of the purchases.'),
    balanceThb: thb('Current available balance.'),
  },
};

const Product: SchemaObject = {
  type: 'object',
  description: 'An active product with the price of the calling account (tier pricing).',
  required: ['id', 'name', 'description', 'provider', 'sku', 'currentUnitPriceThb', 'activeTierMinTrailingYearQty'],
  properties: {
    id: uuid('Used as `productId` when creating orders.'),
    name: { type: 'string' },
    description: { type: 'string' },
    provider: { type: 'string' },
    sku: { type: 'string' },
    retailPriceThb: { type: 'number', nullable: true },
    metadata: { description: 'Any JSON value; its structure is not specified.' },
    promotionLabel: nullableString(),
    promotionFeatures: { type: 'array', items: { type: 'string' } },
    currentUnitPriceThb: thb('Unit price for the calling account (tier pricing).'),
    activeTierMinTrailingYearQty: {
      type: 'integer',
      description: 'Minimum trailing-year quantity of the tier that is currently active.',
    },
  },
};

const Payment: SchemaObject = {
  type: 'object',
  description: 'A wallet topup.',
  required: [
    'id', 'merchantOrderId', 'amountThb', 'baseAmountThb', 'processingFeeThb', 'vatThb', 'walletCreditThb',
    'status', 'paymentMethod', 'createdAt',
  ],
  properties: {
    id: uuid(),
    merchantOrderId: { type: 'string' },
    amountThb: thb('Amount paid.'),
    baseAmountThb: thb('Part of the amount breakdown.'),
    processingFeeThb: thb('Part of the amount breakdown.'),
    vatThb: thb('Part of the amount breakdown.'),
    walletCreditThb: thb('Amount credited to the wallet.'),
    status: { type: 'string', description: `Seen: \`success\`. ${STATUS_NOTE}` },
    paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
    paidAt: { type: 'string', format: 'date-time', nullable: true },
    createdAt: dateTime(),
  },
};

const ProductSummary: SchemaObject = {
  type: 'object',
  required: ['name', 'sku'],
  properties: { name: { type: 'string' }, sku: { type: 'string' } },
};

const ACTIVATION_CODE = 'An LPA string: prefix, SM-DP+ address and a code separated by `$`.';
const QR_IMAGE = 'Base64-encoded QR image; present only when `includeQrImages` is true.';

const EsimItem: SchemaObject = {
  type: 'object',
  description: 'An eSIM of an order, as read by getOrderStatus and getOrders.',
  required: ['id', 'sequenceNo', 'status'],
  properties: {
    id: uuid(),
    sequenceNo: { type: 'integer', description: 'Position of the eSIM within the order.' },
    status: { type: 'string', description: `Seen: \`provisioned\`. ${STATUS_NOTE}` },
    provider: nullableString(),
    iccid: nullableString(),
    phone: nullableString(),
    activationCode: nullableString(ACTIVATION_CODE),
    smdpAddress: nullableString(),
    qrCode: nullableString('Same shape as `activationCode` in the responses shown.'),
    qrBase64Url: nullableString(QR_IMAGE),
  },
};

const CreateOrderEsimItem: SchemaObject = {
  type: 'object',
  description: 'An eSIM in the createOrder answer: the EsimItem fields without `id`.',
  required: ['sequenceNo', 'status', 'provider', 'iccid', 'activationCode', 'smdpAddress', 'qrCode'],
  properties: {
    sequenceNo: { type: 'integer', description: 'Position of the eSIM within the order.' },
    status: { type: 'string', description: `Seen: \`provisioned\`. ${STATUS_NOTE}` },
    provider: { type: 'string' },
    iccid: { type: 'string' },
    phone: nullableString(),
    activationCode: { type: 'string', description: ACTIVATION_CODE },
    smdpAddress: { type: 'string' },
    qrCode: { type: 'string', description: 'Same shape as `activationCode` in the responses shown.' },
    qrBase64Url: nullableString(QR_IMAGE),
  },
};

const Order: SchemaObject = {
  type: 'object',
  description: 'A purchase order with its eSIM items.',
  required: ['id', 'status', 'orderSource', 'quantity', 'unitPriceThb', 'totalPriceThb', 'createdAt', 'product', 'items'],
  properties: {
    id: uuid('The purchase order id.'),
    status: { type: 'string', description: `Seen: \`confirmed\`. ${STATUS_NOTE}` },
    orderSource: { type: 'string', enum: ['web', 'api'] },
    quantity: { type: 'integer' },
    unitPriceThb: { type: 'number' },
    totalPriceThb: { type: 'number' },
    createdAt: dateTime(),
    product: ref('ProductSummary'),
    items: { type: 'array', items: ref('EsimItem') },
  },
};

const CreateOrderResponse: SchemaObject = {
  type: 'object',
  description: 'The `data` of createOrder. `reused` is `false` for a newly created order.',
  required: ['purchaseOrderId', 'reused'],
  properties: {
    purchaseOrderId: uuid(),
    reused: { type: 'boolean' },
    unitPriceThb: { type: 'number' },
    totalPriceThb: { type: 'number' },
    quantity: { type: 'integer' },
    items: { type: 'array', items: ref('CreateOrderEsimItem') },
  },
};

const ErrorDetail: SchemaObject = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'E.g. `FORBIDDEN_SCOPE`; other values are not listed by the spec.' },
    message: { type: 'string', description: 'For a missing scope: `Missing required scope: <scope>`.' },
  },
};

const ErrorEnvelope: SchemaObject = {
  type: 'object',
  description: 'Every error answer.',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: ref('ErrorDetail'),
  },
};

/** `{ success: true, data }` around `data`. */
function successEnvelope(description: string, data: SchemaObject | ReferenceObject): SchemaObject {
  return {
    type: 'object',
    description,
    required: ['success', 'data'],
    properties: { success: { type: 'boolean', enum: [true] }, data },
  };
}

export const SCHEMAS: Record<string, SchemaObject> = {
  Balance,
  Product,
  Payment,
  ProductSummary,
  EsimItem,
  CreateOrderEsimItem,
  Order,
  CreateOrderResponse,
  ErrorDetail,
  ErrorEnvelope,
  BalanceEnvelope: successEnvelope('The answer of getBalance.', ref('Balance')),
  ProductListEnvelope: successEnvelope('The answer of getProducts.', { type: 'array', items: ref('Product') }),
  PaymentListEnvelope: successEnvelope('The answer of getPaymentHistory.', { type: 'array', items: ref('Payment') }),
  CreateOrderEnvelope: successEnvelope('The answer of createOrder.', ref('CreateOrderResponse')),
  OrderEnvelope: successEnvelope('The answer of getOrderStatus.', ref('Order')),
  OrderListEnvelope: successEnvelope('The answer of getOrders.', { type: 'array', items: ref('Order') }),
};
