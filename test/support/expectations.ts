import { expect } from 'vitest';

/** The fields the spec lists for each resource: an answer may carry these and no others. */
export const FIELDS = {
  balance: ['accountId', 'totalTopupsThb', 'totalPurchasesThb', 'balanceThb'],
  product: [
    'id', 'name', 'description', 'provider', 'sku', 'retailPriceThb', 'metadata', 'promotionLabel',
    'promotionFeatures', 'currentUnitPriceThb', 'activeTierMinTrailingYearQty',
  ],
  productRequired: ['id', 'name', 'description', 'provider', 'sku', 'currentUnitPriceThb', 'activeTierMinTrailingYearQty'],
  payment: [
    'id', 'merchantOrderId', 'amountThb', 'baseAmountThb', 'processingFeeThb', 'vatThb', 'walletCreditThb',
    'status', 'paymentMethod', 'paidAt', 'createdAt',
  ],
  order: ['id', 'status', 'orderSource', 'quantity', 'unitPriceThb', 'totalPriceThb', 'createdAt', 'product', 'items'],
  esimItem: ['id', 'sequenceNo', 'status', 'provider', 'iccid', 'phone', 'activationCode', 'smdpAddress', 'qrCode', 'qrBase64Url'],
  createOrderItem: ['sequenceNo', 'status', 'provider', 'iccid', 'phone', 'activationCode', 'smdpAddress', 'qrCode', 'qrBase64Url'],
  createOrder: ['purchaseOrderId', 'reused', 'unitPriceThb', 'totalPriceThb', 'quantity', 'items'],
} as const;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function expectOnlyFields(value: unknown, allowed: readonly string[], required: readonly string[] = []): void {
  expect(value).toBeTypeOf('object');
  const keys = Object.keys(value as object);
  expect(keys.filter((key) => !allowed.includes(key)), 'fields the spec does not list').toEqual([]);
  expect(required.filter((key) => !keys.includes(key)), 'required fields missing').toEqual([]);
}

/** The JSON body of a success envelope, after checking status, content type and envelope shape. */
export async function expectSuccess<T = any>(response: Response): Promise<T> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(body).sort()).toEqual(['data', 'success']);
  expect(body.success).toBe(true);
  return body.data as T;
}

/** Checks an error envelope: status, code, and optionally the message. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  message?: string | RegExp,
): Promise<string> {
  const body = await response.json();
  expect({ status: response.status, code: body.error?.code }, JSON.stringify(body)).toEqual({ status, code });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(body).sort()).toEqual(['error', 'success']);
  expect(body.success).toBe(false);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(body.error.message).toBeTypeOf('string');
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  return body.error.message;
}

/** THB as integer satang, so money compares exactly. */
export const cents = (thb: number): number => Math.round(thb * 100);
