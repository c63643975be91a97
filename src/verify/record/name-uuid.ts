import { createHash } from 'node:crypto';

/** The namespace of the ids `record` makes up (itself a version-4 UUID). */
const NAMESPACE = 'a5b0f6de-3c1e-4d8a-9f27-6b41c2e8d901';

/**
 * A version-5 (name-based, SHA-1) UUID of `name`: the same name gives the same id on every run, so recording
 * the same account twice writes the same file.
 */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(Buffer.from(NAMESPACE.replaceAll('-', ''), 'hex')).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
