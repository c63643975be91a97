import type { ProviderSpec } from '../scenarios/scenario-schema.js';
import type { SeededRandom } from '../state/seeded-random.js';
import { luhnCheckDigit } from '../lib/luhn.js';

/** What the SM-DP+ of a provider issues for one eSIM profile. */
export interface EsimProfile {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  phone: string | null;
}

const MATCHING_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** `LPA:1$<SM-DP+ address>$<matching id>`, the string a phone reads from the QR code. */
export function activationCode(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

/**
 * ICCIDs are `89` + issuer digits + a serial + a Luhn check digit. The serial is the provider's running
 * count of issued profiles, so no two profiles of one sandbox share an ICCID.
 */
export function iccidFor(provider: ProviderSpec, serialNumber: number): string {
  const head = `89${provider.iccidIssuer}`;
  const serialLength = provider.iccidLength - 1 - head.length;
  const serial = String(serialNumber).padStart(serialLength, '0').slice(-serialLength);
  const body = head + serial;
  return body + luhnCheckDigit(body);
}

/** Matching ids look like `K2-4FJ7Q-9XW2M3PL-T8RNB`: groups of unambiguous letters and digits. */
export function matchingId(random: SeededRandom): string {
  const groups = [2, 5, 8, 5].map((length) => random.chars(MATCHING_ID_ALPHABET, length));
  return groups.join('-');
}

/** Thai mobile numbers in E.164: +66 then 6, 8 or 9 and eight more digits. */
export function thaiMobileNumber(random: SeededRandom): string {
  return `+66${random.chars('689', 1)}${random.digits(8)}`;
}

export function issueProfile(provider: ProviderSpec, serialNumber: number, random: SeededRandom): EsimProfile {
  return {
    iccid: iccidFor(provider, serialNumber),
    smdpAddress: provider.smdpAddress,
    matchingId: matchingId(random),
    phone: provider.withPhoneNumber ? thaiMobileNumber(random) : null,
  };
}
