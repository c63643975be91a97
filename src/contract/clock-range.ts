/**
 * The times the sandbox clock may show: from the Unix epoch to the last millisecond of year 9999, the years
 * an ISO 8601 date-time writes with four digits. A clock past them once showed year +255535 (which
 * `toISOString` still writes) and then a time it could not write at all: every later request failed on it.
 */
export const CLOCK_MIN_MS = Date.UTC(1970, 0, 1);
export const CLOCK_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const CLOCK_RANGE_TEXT = `${new Date(CLOCK_MIN_MS).toISOString()} to ${new Date(CLOCK_MAX_MS).toISOString()}`;

/** A time or move of the sandbox clock outside its range: refused, the clock left as it was. */
export class ClockRangeError extends RangeError {
  override name = 'ClockRangeError';

  /** `rule`: what was expected and what was given, without the name of the value (each surface names it its way). */
  constructor(
    what: string,
    readonly rule: string,
  ) {
    super(`${what}: ${rule}`);
  }
}

export function isClockTime(epochMs: number): boolean {
  return Number.isInteger(epochMs) && epochMs >= CLOCK_MIN_MS && epochMs <= CLOCK_MAX_MS;
}

/** `epochMs`, checked: the message names `what`, the range and what was given. */
export function checkClockTime(epochMs: number, what: string, given: unknown = epochMs): number {
  if (isClockTime(epochMs)) return epochMs;
  throw new ClockRangeError(what, `expected a date-time from ${CLOCK_RANGE_TEXT}, the range of the sandbox clock (got ${JSON.stringify(given)})`);
}

/** `ms` to move the clock forward from `nowMs`, checked: a non-negative safe integer that keeps the clock in its range. */
export function checkClockAdvance(nowMs: number, ms: number, what = 'advanceMs'): number {
  const room = CLOCK_MAX_MS - nowMs;
  if (Number.isSafeInteger(ms) && ms >= 0 && ms <= room) return ms;
  throw new ClockRangeError(
    what,
    `expected a whole number of milliseconds from 0 to ${room}, which keeps the sandbox clock within ${CLOCK_RANGE_TEXT} ` +
      `(it shows ${new Date(nowMs).toISOString()}; got ${typeof ms === 'number' ? ms : JSON.stringify(ms)})`,
  );
}
