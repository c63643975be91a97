import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { InFlight, type Stopped } from '../../src/proxy/in-flight.js';

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => void vi.useRealTimers());

/** Forwards started `gapMs` apart, each noting how it was stopped. */
function started(inFlight: InFlight, count: number, gapMs: number) {
  const stopped: Array<[number, Stopped]> = [];
  const flights = [];
  for (let i = 0; i < count; i++) {
    flights.push(inFlight.add((why) => stopped.push([i, why])));
    vi.advanceTimersByTime(gapMs);
  }
  return { flights, stopped };
}

it('stops each forward still in flight at its own deadline, in start order, and none that ended', () => {
  const inFlight = new InFlight(1_000);
  const { flights, stopped } = started(inFlight, 4, 100);
  inFlight.delete(flights[1]!);
  inFlight.delete(flights[1]!);
  vi.advanceTimersByTime(1_000 - 400 + 1);
  expect(stopped).toEqual([[0, 'timeout']]);
  vi.advanceTimersByTime(200);
  expect(stopped).toEqual([
    [0, 'timeout'],
    [2, 'timeout'],
  ]);
  vi.advanceTimersByTime(100);
  expect(stopped.at(-1)).toEqual([3, 'timeout']);
  // A stopped forward that settles afterwards leaves a list it is no longer in.
  inFlight.delete(flights[2]!);
  const later = inFlight.add((why) => stopped.push([9, why]));
  vi.advanceTimersByTime(999);
  expect(stopped).toHaveLength(3);
  inFlight.delete(later);
  vi.advanceTimersByTime(10_000);
  expect(stopped).toHaveLength(3);
});

it('stops every forward in flight when a stop cuts off, the newest and oldest included, once', () => {
  const inFlight = new InFlight(60_000);
  const { flights, stopped } = started(inFlight, 3, 10);
  inFlight.delete(flights[0]!);
  const cutOff = new AbortController();
  inFlight.stopAllAt(cutOff.signal);
  inFlight.stopAllAt(cutOff.signal);
  cutOff.abort();
  expect(stopped).toEqual([
    [1, 'cut-off'],
    [2, 'cut-off'],
  ]);
  vi.advanceTimersByTime(120_000);
  expect(stopped).toHaveLength(2);
});
