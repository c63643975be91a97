import { describe, expect, it } from 'vitest';
import { likelyBaseUrl } from '../../src/verify/probe.js';
import { TimeBudget } from '../../src/verify/targets.js';

describe('the time budget', () => {
  it('gives what is left, and refuses to start a request once it is spent', () => {
    let now = 1000;
    const budget = new TimeBudget(2, () => now);
    expect(budget.remainingMs()).toBe(2000);
    now += 1500;
    expect(budget.remainingMs()).toBe(500);
    expect(() => budget.assertLeft(7)).not.toThrow();
    now += 600;
    expect(budget.remainingMs()).toBe(0);
    expect(() => budget.assertLeft(7)).toThrow(
      'the time budget (--budget 2 s) ran out after 7 requests, before the checks were done: the service answers too slowly; raise --budget, or --rate if the service allows it',
    );
  });
});

describe('the likely --base-url when no route answers the envelope', () => {
  it('adds /api/v1, completes /api, cuts a route off, and has nothing better to offer for /api/v1 itself', () => {
    expect(likelyBaseUrl('https://api.example.com')).toBe('https://api.example.com/api/v1');
    expect(likelyBaseUrl('https://api.example.com/esim/')).toBe('https://api.example.com/esim/api/v1');
    expect(likelyBaseUrl('https://api.example.com/api')).toBe('https://api.example.com/api/v1');
    expect(likelyBaseUrl('https://api.example.com/api/v1/getBalance')).toBe('https://api.example.com/api/v1');
    expect(likelyBaseUrl('https://api.example.com/api/v1')).toBeUndefined();
  });
});
