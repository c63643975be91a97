import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFolder } from '../support/test-folder.js';
import { bin, serveProcess } from '../support/serve-process.js';
import { STAND_IN_KEY, STAND_IN_SCENARIO, read } from './stand-in.js';

/** Runs the built `esim-sandbox` as a user would, the key in the environment. */
async function esimSandbox(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ESIM_API_KEY: STAND_IN_KEY } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('esim-sandbox verify and record, run as commands against a running esim-sandbox serve', () => {
  it('verifies the served stand-in, records it, and serves the recording with the same answers', async () => {
    const standIn = await serveProcess('--scenario', STAND_IN_SCENARIO);
    const dir = testFolder('verify-bin-');
    try {
      const verify = await esimSandbox('verify', '--base-url', standIn.url, '--rate', '50', '--report', path.join(dir, 'report.json'));
      expect(verify.stderr).toBe('');
      expect(verify.code).toBe(0);
      expect(verify.stdout).toMatch(/^check +real service +sandbox default +result\n/m);
      expect(verify.stdout).toMatch(/^open point: limitOutOfRange +clamp +reject +differ$/m);
      expect(verify.stdout).toContain('Every answer checked conforms to the contract');
      expect(verify.stdout).not.toContain(STAND_IN_KEY);
      expect(JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'))).toMatchObject({ conforms: true, behavior: { limitOutOfRange: 'clamp' } });

      const out = path.join(dir, 'recorded.json');
      const record = await esimSandbox('record', '--base-url', standIn.url, '--rate', '50', '--out', out, '--keep-secrets');
      expect(record.stderr).toBe('');
      expect(record.code).toBe(0);
      expect(record.stdout).toContain(`Wrote ${out}: scenario "recorded-127-0-0-1-`);
      expect(record.stdout).not.toContain(STAND_IN_KEY);

      const recording = await serveProcess('--scenario', out);
      try {
        for (const pathAndQuery of ['/getBalance', '/getProducts?limit=200', '/getOrders?limit=200']) {
          expect(await read(recording.url, pathAndQuery, STAND_IN_KEY), pathAndQuery).toEqual(await read(standIn.url, pathAndQuery, STAND_IN_KEY));
        }
      } finally {
        await recording.stop();
      }
    } finally {
      await standIn.stop();
    }
  });
});
