import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { startServer } from 'esim-wholesale-sandbox/server';
import { runGoldenScript } from './golden-script.js';

/**
 * The exact answers of a fixed request sequence, kept in test/golden/answers/. A change of code or of a
 * dependency that alters one byte fails here with a readable diff; when the change is meant, rewrite the
 * files with `npx vitest run test/golden -u` and review the diff.
 */
const SCENARIOS = ['default', 'tier-pricing', 'delayed-provisioning', 'low-balance'];

describe('golden bytes (seed 1)', () => {
  for (const scenario of SCENARIOS) {
    it(`answers the golden sequence of ${scenario} with the recorded bytes, in-process and over HTTP`, async () => {
      const sandbox = createSandbox({ scenario, seed: 1 });
      const inProcess = await runGoldenScript(({ method, path, headers, body }) =>
        sandbox.fetch(new Request(`http://sandbox.test/api/v1${path}`, { method, headers, ...(body !== undefined && { body }) })),
      );
      await expect(inProcess).toMatchFileSnapshot(`./answers/${scenario}.txt`);

      const server = await startServer({ port: 0, scenario, seed: 1 });
      try {
        const overHttp = await runGoldenScript(({ method, path, headers, body }) =>
          fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined && { body }) }),
        );
        expect(overHttp).toBe(inProcess);
      } finally {
        await server.close();
      }
    });
  }
});
