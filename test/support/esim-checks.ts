import { expect } from 'vitest';
import type { Schemas } from './json.js';

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A provisioned eSIM, of an order or of the createOrder answer, looks real: Luhn-valid ICCID from 89, LPA
 * activation code, qrCode equal to it.
 */
export function expectRealisticEsim(item: Schemas['EsimItem'] | Schemas['CreateOrderEsimItem']): void {
  expect(item.status).toBe('provisioned');
  expect(item.iccid).toMatch(/^89\d{17,18}$/);
  expect(passesLuhn(item.iccid ?? ''), `Luhn check of ${item.iccid}`).toBe(true);
  const matchingId = item.activationCode?.split('$')[2];
  expect(item.activationCode).toBe(`LPA:1$${item.smdpAddress}$${matchingId}`);
  expect(matchingId).toMatch(/^[A-Z0-9-]{10,}$/);
  expect(item.qrCode).toBe(item.activationCode);
  expect(typeof item.provider).toBe('string');
  if (item.phone !== null) expect(item.phone).toMatch(/^\+66\d{9}$/);
}
