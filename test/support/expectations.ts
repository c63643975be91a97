import { expect } from 'vitest';
import { json, type ApiResponse, type Envelope } from './json.js';

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

/**
 * The `data` of a success envelope, after checking status, content type and envelope shape. Its type is the
 * route's, from the OpenAPI document, for an answer of `Target.call`; give it for any other response.
 */
export async function expectSuccess<Data>(response: ApiResponse<Data>): Promise<Data> {
  const body = await json<Envelope<Data>>(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(body).sort()).toEqual(['data', 'success']);
  expect(body.success).toBe(true);
  return body.data as Data;
}

/** The first item of a list answer, after the checks of `expectSuccess`; an empty list fails the test. */
export async function expectFirst<Item>(response: ApiResponse<Item[]>): Promise<Item> {
  const [first] = await expectSuccess(response);
  expect(first, 'the first item of a list').toBeDefined();
  return first!;
}

/** Checks an error envelope: status, code, and optionally the message. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  message?: string | RegExp,
): Promise<string> {
  const body = await json(response);
  expect({ status: response.status, code: body.error?.code }, JSON.stringify(body)).toEqual({ status, code });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(body).sort()).toEqual(['error', 'success']);
  expect(body.success).toBe(false);
  const error = body.error!; // there: the keys were checked above
  expect(Object.keys(error).sort()).toEqual(['code', 'message']);
  expect(error.message).toBeTypeOf('string');
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
  return error.message;
}

/** THB as integer satang, so money compares exactly. */
export const cents = (thb: number): number => Math.round(thb * 100);
