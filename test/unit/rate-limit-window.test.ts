import { expect, it } from 'vitest';
import { MAX_HELD_WINDOWS, RateLimitWindows } from '../../src/domain/rate-limit-window.js';

it('holds a key on one route or every route for whole seconds, rounded up, until the window closes', () => {
  let now = 0;
  const windows = new RateLimitWindows(() => now);
  windows.open('key-a', '/getProducts', 2);
  windows.open('key-b', '*', 1);
  expect(windows.secondsLeft('key-a', '/getProducts')).toBe(2);
  expect(windows.secondsLeft('key-a', '/getBalance')).toBeUndefined();
  expect(windows.secondsLeft('key-b', '/getOrders')).toBe(1);
  now = 1_001;
  expect(windows.secondsLeft('key-a', '/getProducts')).toBe(1);
  expect(windows.secondsLeft('key-b', '/getOrders')).toBeUndefined();
  now = 2_000;
  expect(windows.secondsLeft('key-a', '/getProducts')).toBeUndefined();
  expect(windows.size).toBe(0);
});

it('keeps at most MAX_HELD_WINDOWS whatever keys a client sends: the oldest open window goes first', () => {
  const windows = new RateLimitWindows(() => 0);
  for (let key = 0; key <= MAX_HELD_WINDOWS + 500; key++) windows.open(`key-${key}`, '*', 3600);
  expect(windows.size).toBe(MAX_HELD_WINDOWS);
  expect(windows.secondsLeft('key-0', '/getBalance')).toBeUndefined();
  expect(windows.secondsLeft(`key-${MAX_HELD_WINDOWS + 500}`, '/getBalance')).toBe(3600);
});
