import { describe, expect, it } from 'vitest';
import { LatestPromise } from '../../src/lib/latest-promise.js';

describe('LatestPromise', () => {
  it('says resolved once the latest promise has resolved, and not for one it replaced or one that rejected', async () => {
    const latest = new LatestPromise();
    let resolveFirst = () => {};
    const first = latest.set(new Promise<void>((resolve) => (resolveFirst = resolve)));
    expect(latest.resolved).toBe(false);
    const second = latest.set(Promise.resolve());
    resolveFirst();
    await first;
    await second;
    expect(latest.isLatest(second)).toBe(true);
    expect(latest.resolved).toBe(true);

    const failed = latest.set(Promise.reject(new Error('no state')));
    await failed.catch(() => undefined);
    expect(latest.resolved).toBe(false);
  });
});
