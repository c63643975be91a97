import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { createSandbox as createMswSandbox } from 'esim-wholesale-sandbox/msw';
import { startServer } from 'esim-wholesale-sandbox/server';

const headers = { 'x-api-key': 'sk_test_full_access' };
const balanceRequest = () => new Request('http://sandbox.test/api/v1/getBalance', { headers });

describe('await using: sandboxes and servers let go of everything at the end of the block', () => {
  it('disposes a sandbox: its journal is emptied and any later call says it was disposed', async () => {
    let kept: ReturnType<typeof createSandbox>;
    {
      await using sandbox = createSandbox({ seed: 7 });
      kept = sandbox;
      expect((await sandbox.fetch(balanceRequest())).status).toBe(200);
      expect(sandbox.journal()).toHaveLength(1);
    }
    expect(kept.journal()).toEqual([]);
    await expect(kept.fetch(balanceRequest())).rejects.toThrow(
      'this sandbox was disposed (its await using block ended, or [Symbol.asyncDispose]() was called): create another with createSandbox()',
    );
    await expect(kept.reset()).rejects.toThrow(/was disposed/);
    expect(() => kept.advanceClock(1000)).toThrow(/was disposed/);
    await expect(kept.state()).rejects.toMatchObject({ name: 'SandboxDisposedError' });
    await kept[Symbol.asyncDispose]();
  });

  it('waits for a write under way before it lets go', async () => {
    const sandbox = createMswSandbox({ seed: 7 });
    const topup = sandbox.topup({ apiKey: 'sk_test_full_access', amountThb: 100 });
    await sandbox[Symbol.asyncDispose]();
    await expect(topup).resolves.toMatchObject({ walletCreditThb: 100 });
  });

  it('disposes a server: it is closed, and its sandboxes with it', async () => {
    let url: string;
    let kept: Awaited<ReturnType<typeof startServer>>;
    {
      await using server = await startServer({ port: 0 });
      ({ url } = server);
      kept = server;
      server.host.createSession({ scenario: 'low-balance' });
      expect((await fetch(`${url}/getBalance`, { headers })).status).toBe(200);
    }
    await expect(fetch(`${url}/getBalance`, { headers })).rejects.toThrow();
    await expect(kept.sandbox.reset()).rejects.toThrow(/was disposed/);
    expect(kept.host.sessions()).toEqual([]);
    await kept.close();
  });
});
