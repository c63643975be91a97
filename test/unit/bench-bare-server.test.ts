import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest, spawnNode, type Spawned } from '../../bench/lib/processes.ts';
import { BARE_READY, BARE_SERVER } from '../../bench/sections/paths.ts';

/** The bench's baseline: a bare node:http server sending, per path, the bytes the sandbox sent for that route. */
describe('the bench baseline server', () => {
  const answers = {
    '/getProducts': '{"success":true,"data":[{"id":"p","name":"AIS Thailand 15GB 8 Days"}]}',
    '/getOrders?limit=50': `{"success":true,"data":[${'{"id":"o"},'.repeat(300)}{"id":"o"}]}`,
  };
  const dir = mkdtempSync(join(tmpdir(), 'bare-server-'));
  let bare: Spawned | undefined;
  beforeAll(async () => {
    writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
    bare = await spawnNode([BARE_SERVER], BARE_READY, { env: { BENCH_ANSWERS: join(dir, 'answers.json') } });
  });
  afterAll(async () => {
    await bare?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each captured path with its own bytes, as JSON', async () => {
    for (const [path, body] of Object.entries(answers)) {
      const answer = await httpRequest(`${bare!.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(body);
    }
  });
});
