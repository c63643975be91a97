import { describe, expect } from 'vitest';
import { createSandboxTest } from 'esim-wholesale-sandbox/vitest';

const headers = { 'x-api-key': 'sk_test_full_access' };
// One createSandboxTest per file: each starts an msw server for its file, and msw intercepts once per process.
const elsewhere = createSandboxTest({ scenario: 'low-balance', seed: 3, baseUrl: 'https://esim.partner.test/wholesale/v1' });

describe('createSandboxTest with a scenario and a base address of its own', () => {
  elsewhere('answers at that address from that scenario', async ({ sandbox }) => {
    const res = await fetch('https://esim.partner.test/wholesale/v1/getBalance', { headers });
    expect(res.status).toBe(200);
    expect(sandbox.scenario.name).toBe('low-balance');
    expect(sandbox).toHaveReceived('getBalance', { times: 1, status: 200 });
  });
});
