import { createHash } from 'node:crypto';
import { z } from 'zod';
import { asRecord } from '../exchange.js';

/** Helpers that turn values the service answered into values a scenario accepts, saying what had to change. */

const scenarioUuid = z.uuid();
const scenarioDateTime = z.iso.datetime({ offset: true });

/** Problems found while turning answers into a scenario: what could not be said exactly, each once, in the order found. */
export type RecordNotes = Set<string>;

/** An id the scenario accepts (an RFC 9562 UUID): the service's own, or one made from it. */
export function scenarioId(id: unknown, kind: string, notes: RecordNotes): string {
  if (typeof id === 'string' && scenarioUuid.safeParse(id).success) return id.toLowerCase();
  notes.add(`some ${kind} ids are not RFC 9562 UUIDs, which the scenario format requires; they are recorded under ids made from them`);
  return nameUuid(`${kind}:${String(id)}`);
}

/** THB with at most 2 decimals, at least 0. */
export function thb(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : undefined;
}

export function dateTime(value: unknown): string | undefined {
  return typeof value === 'string' && scenarioDateTime.safeParse(value).success ? value : undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function records(data: unknown): Record<string, unknown>[] {
  return Array.isArray(data) ? data.map(asRecord).filter((record) => record !== undefined) : [];
}

/** The namespace of the ids `record` makes up (itself a version-4 UUID). */
const NAMESPACE = 'a5b0f6de-3c1e-4d8a-9f27-6b41c2e8d901';

/** A version-5 (SHA-1) UUID: recording the same account twice writes the same file. */
export function nameUuid(name: string): string {
  const hash = createHash('sha1').update(Buffer.from(NAMESPACE.replaceAll('-', ''), 'hex')).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
