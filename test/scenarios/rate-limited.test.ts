import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { describeBothModes } from '../support/modes.js';
import { expectError, expectSuccess } from '../support/expectations.js';

describeBothModes('scenario rate-limited: 5 requests per second per key', (target) => {
  it('rate-limited: the 6th request within a second gets 429 RATE_LIMITED with Retry-After; a client that waits gets through', async () => {
    await target().sandbox.reset();
    for (let i = 0; i < 5; i++) {
      const response = await target().call('/getBalance');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
      await expectSuccess(response);
    }
    const limited = await target().call('/getProducts?limit=1');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
    await expectError(limited, 429, 'RATE_LIMITED', /rate limit of 5 requests per 1000 ms reached/);
    await expectError(await target().call('/getBalance'), 429, 'RATE_LIMITED');

    await sleep(retryAfter * 1000 + 50);
    await expectSuccess(await target().call('/getBalance'));
  });
}, { scenario: 'rate-limited' });
