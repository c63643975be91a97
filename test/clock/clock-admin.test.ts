import { expect, it } from 'vitest';
import { startServer } from 'esim-wholesale-sandbox/server';
import { run } from '../../src/cli/run.js';
import { servingIo } from '../support/cli.js';

const post = (origin: string, body: unknown) =>
  fetch(`${origin}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('POST /__sandbox/clock {"mode"} switches the clock mode at run time; a bad mode is refused naming both, and changes nothing', async () => {
  await using server = await startServer({ port: 0 });
  const refused = await post(server.origin, { mode: 'fast' });
  expect(refused.status).toBe(400);
  expect((await refused.json()).error.message).toMatch(/mode: expected "step" \(a fixed step per answered request\) or "wall" \(real elapsed time\)/);
  expect(server.sandbox.clockMode).toBe('step');

  const before = server.sandbox.now();
  const switched = await (await post(server.origin, { mode: 'wall' })).json();
  expect(switched).toEqual({ success: true, data: { now: before, mode: 'wall' } });
  expect(server.sandbox.clockMode).toBe('wall');
  const moved = await (await post(server.origin, { advanceMs: 60_000, mode: 'step' })).json();
  expect(moved.data.mode).toBe('step');
  expect(Date.parse(moved.data.now) - Date.parse(before)).toBeGreaterThanOrEqual(60_000);
  expect((await post(server.origin, {})).status).toBe(400);
});

it('serve --clock wall runs the sandbox on real elapsed time, and its sessions too', async () => {
  const serving = servingIo();
  const exited = run(['serve', '--port', '0', '--clock', 'wall'], serving.io);
  const banner = await serving.banner;
  expect(banner).toContain('  clock      wall: real elapsed time\n');
  const origin = /admin\s+(http:\/\/\S+)\/__sandbox/.exec(banner)![1]!;
  try {
    expect((await (await post(origin, { advanceMs: 0 })).json()).data.mode).toBe('wall');
    const session = (await (await fetch(`${origin}/__sandbox/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()).data;
    const ofSession = await fetch(`${origin}/__sandbox/sessions/${session.id}/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":0}' });
    expect((await ofSession.json()).data.mode).toBe('wall');
  } finally {
    serving.stop();
    expect(await exited).toBe(0);
  }
});
