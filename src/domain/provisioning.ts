import type { EsimSeed, ProviderSpec } from '../scenarios/scenario-schema.js';
import type { ProductRecord, OrderRecord, EsimRecord } from '../state/records.js';
import type { Store } from '../state/store.js';
import type { SeededRandom } from '../state/seeded-random.js';
import type { OrderPrice } from './order-rules.js';

const MATCHING_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** `LPA:1$<SM-DP+ address>$<matching id>`, the string a phone reads from the QR code. */
export function activationCode(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

/**
 * ICCIDs are `89` + issuer digits + a serial + a Luhn check digit. The serial is the provider's running
 * count of issued profiles, so no two profiles of one sandbox share an ICCID.
 */
function iccidFor(provider: ProviderSpec, serialNumber: number): string {
  const head = `89${provider.iccidIssuer}`;
  const serialLength = provider.iccidLength - 1 - head.length;
  const serial = String(serialNumber).padStart(serialLength, '0').slice(-serialLength);
  const body = head + serial;
  return body + luhnCheckDigit(body);
}

/** Matching ids look like `K2-4FJ7Q-9XW2M3PL-T8RNB`: groups of unambiguous letters and digits. */
function matchingId(random: SeededRandom): string {
  return [2, 5, 8, 5].map((length) => random.chars(MATCHING_ID_ALPHABET, length)).join('-');
}

/** Thai mobile numbers in E.164: +66 then 6, 8 or 9 and eight more digits. */
function thaiMobileNumber(random: SeededRandom): string {
  return `+66${random.chars('689', 1)}${random.digits(8)}`;
}

function issueProfile(provider: ProviderSpec, serialNumber: number, random: SeededRandom) {
  return {
    iccid: iccidFor(provider, serialNumber),
    smdpAddress: provider.smdpAddress,
    matchingId: matchingId(random),
    phone: provider.withPhoneNumber ? thaiMobileNumber(random) : null,
  };
}

/** The Luhn check digit that makes `digits + check` pass the Luhn test (as in ICCIDs and card numbers). */
function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export interface NewOrder {
  accountId: string;
  product: ProductRecord;
  quantity: number;
  price: OrderPrice;
  createdAt: number;
  provisionedAt: number;
  status: OrderRecord['status'];
  orderSource: OrderRecord['orderSource'];
  id?: string;
  /** eSIMs issued before (a recorded order's own); when given, none are drawn. */
  items?: readonly EsimSeed[];
}

/** An order record with one SM-DP+ profile per eSIM, every value drawn from the sandbox's seeded source. */
export function buildOrder(store: Store, random: SeededRandom, order: NewOrder): OrderRecord {
  const provider = store.providers.get(order.product.provider);
  if (!provider) throw new Error(`product ${order.product.id} names unknown provider ${order.product.provider}`);
  const id = order.id ?? random.uuid();
  const items: EsimRecord[] = (order.items ?? []).map((item, index) => ({
    id: item.id,
    sequenceNo: item.sequenceNo ?? index + 1,
    provider: provider.name,
    iccid: item.iccid,
    phone: item.phone,
    smdpAddress: item.smdpAddress,
    matchingId: item.matchingId,
  }));
  if (order.items === undefined && order.status !== 'failed') {
    for (let sequenceNo = 1; sequenceNo <= order.quantity; sequenceNo++) {
      const serial = store.nextIccidSerial(provider.name, () => random.int(100_000, 999_999) * 1000);
      const { iccid, smdpAddress, matchingId, phone } = issueProfile(provider, serial, random);
      // In the order of the record's schema, as a validated record has its fields.
      items.push({ id: random.uuid(), sequenceNo, provider: provider.name, iccid, phone, smdpAddress, matchingId });
    }
  }
  return {
    id,
    accountId: order.accountId,
    productId: order.product.id,
    productName: order.product.name,
    productSku: order.product.sku,
    status: order.status,
    orderSource: order.orderSource,
    quantity: order.quantity,
    unitPrice: order.price.unitPrice,
    total: order.price.total,
    createdAt: order.createdAt,
    provisionedAt: order.provisionedAt,
    items,
  };
}
