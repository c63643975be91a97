import { z } from 'zod';
import { asRecord } from '../exchange.js';

/** Helpers that turn values the service answered into values a scenario accepts, saying what had to change. */

const scenarioUuid = z.uuid();
const scenarioDateTime = z.iso.datetime({ offset: true });

/** Problems found while turning answers into a scenario: what could not be said exactly. */
export class RecordNotes {
  readonly lines: string[] = [];
  add(line: string): void {
    if (!this.lines.includes(line)) this.lines.push(line);
  }
}

/** An id the scenario accepts (an RFC 9562 UUID): the service's own, or one made from it. */
export function scenarioId(id: unknown, kind: string, notes: RecordNotes, makeId: (name: string) => string): string {
  if (typeof id === 'string' && scenarioUuid.safeParse(id).success) return id.toLowerCase();
  notes.add(`some ${kind} ids are not RFC 9562 UUIDs, which the scenario format requires; they are recorded under ids made from them`);
  return makeId(`${kind}:${String(id)}`);
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

/** The records of a list answer's `data`, as objects. */
export function records(data: unknown): Record<string, unknown>[] {
  return Array.isArray(data) ? data.map(asRecord).filter((record) => record !== undefined) : [];
}
