import { describe, expect, it } from 'vitest';
import { createSandbox } from 'esim-wholesale-sandbox';
import { FULL_ACCESS, MODES, startTarget, type Target } from '../support/modes.js';
import { runRequestScript } from '../support/request-script.js';

function inProcess(seed?: number): Target {
  const sandbox = createSandbox(seed === undefined ? {} : { seed });
  return {
    mode: 'msw',
    baseUrl: 'http://sandbox.test/api/v1',
    sandbox,
    call(path, { key = FULL_ACCESS, json, headers, ...init } = {}) {
      const all = new Headers(headers);
      if (key !== null) all.set('x-api-key', key);
      if (json !== undefined) {
        all.set('content-type', 'application/json');
        return sandbox.fetch(new Request(`http://sandbox.test/api/v1${path}`, { ...init, method: 'POST', headers: all, body: JSON.stringify(json) }));
      }
      return sandbox.fetch(new Request(`http://sandbox.test/api/v1${path}`, { ...init, headers: all }));
    },
  };
}

describe('determinism', () => {
  it('answers the same requests with the same bytes in two sandboxes of one scenario and seed', async () => {
    const first = await runRequestScript(inProcess(7));
    const second = await runRequestScript(inProcess(7));
    expect(second).toEqual(first);
    expect(first.some((answer) => answer.includes('qrBase64Url'))).toBe(true);
  });

  it('answers the same bytes again after reset', async () => {
    const target = inProcess(7);
    const first = await runRequestScript(target);
    await target.sandbox.reset();
    expect(await runRequestScript(target)).toEqual(first);
  });

  it('draws other ids and eSIM data from another seed', async () => {
    const [a, b] = [await runRequestScript(inProcess(1)), await runRequestScript(inProcess(2))];
    expect(a[3]).not.toEqual(b[3]);
    expect(a[0]).toEqual(b[0]);
  });
});

describe('one behaviour in both modes', () => {
  it('answers the msw handlers and the HTTP server with byte-identical bodies', async () => {
    const answers: Record<string, string[]> = {};
    for (const mode of MODES) {
      const { target, stop } = await startTarget(mode, { seed: 11 });
      try {
        answers[mode] = await runRequestScript(target);
      } finally {
        await stop();
      }
    }
    expect(answers.http).toEqual(answers.msw);
    expect(answers.msw).toEqual(await runRequestScript(inProcess(11)));
  });
});
