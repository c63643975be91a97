import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from 'esim-wholesale-sandbox/server';
import { cli } from '../support/cli.js';
import { STAND_IN_KEY, TEST_RATE, startStandIn } from './stand-in.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('record, export and verify --report write private files, and never through a link', () => {
  let standIn: RunningServer;
  let dir: string;
  const record = (out: string, ...extra: string[]) =>
    cli('record', '--base-url', standIn.url, '--api-key', STAND_IN_KEY, '--rate', String(TEST_RATE), '--out', out, ...extra);
  /** A file someone else's, which a link at --out points to. */
  const victim = () => {
    const file = path.join(dir, `victim-${Math.random().toString(36).slice(2)}.txt`);
    writeFileSync(file, 'keep me\n', { mode: 0o644 });
    return file;
  };
  beforeAll(async () => {
    standIn = await startStandIn();
    dir = mkdtempSync(path.join(tmpdir(), 'private-files-'));
  });
  afterAll(async () => {
    await standIn.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('record --out over an existing 0644 file leaves it 0600, holding the scenario', async () => {
    const out = path.join(dir, 'recorded.json');
    writeFileSync(out, 'old\n', { mode: 0o644 });
    expect(modeOf(out)).toBe(0o644);
    const { exitCode, stderr } = await record(out);
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(modeOf(out)).toBe(0o600);
    expect(JSON.parse(readFileSync(out, 'utf8')).apiKeys[0].key).toBe(STAND_IN_KEY);
  });

  it('record refuses a symlink at --out before sending anything, and its target is untouched', async () => {
    const target = victim();
    const out = path.join(dir, 'link.json');
    symlinkSync(target, out);
    const before = standIn.sandbox.journal().length;
    const { exitCode, stderr } = await record(out);
    expect(stderr).toBe(
      `esim-sandbox record: --out ${out} is a symbolic link (to ${target}); nothing is written through it: ` +
        'remove it, choose another name, or give --replace-special to replace it (a link itself is replaced, never what it points to)\n',
    );
    expect(exitCode).toBe(1);
    expect(standIn.sandbox.journal().length).toBe(before);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
  });

  it('with --replace-special the link itself is replaced by a 0600 file, and its target is untouched', async () => {
    const target = victim();
    const out = path.join(dir, 'replaced-link.json');
    symlinkSync(target, out);
    const { exitCode } = await record(out, '--replace-special');
    expect(exitCode).toBe(0);
    expect(lstatSync(out).isFile()).toBe(true);
    expect(modeOf(out)).toBe(0o600);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(modeOf(target)).toBe(0o644);
  });

  it('refuses a FIFO and a directory at --out', async () => {
    const fifo = path.join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    expect(await record(fifo)).toMatchObject({ exitCode: 1, stderr: `esim-sandbox record: --out ${fifo} is a FIFO, not a regular file: remove it, choose another name, or give --replace-special to replace it (a link itself is replaced, never what it points to)\n` });
    expect(await record(dir)).toMatchObject({ exitCode: 1, stderr: `esim-sandbox record: --out ${dir} is a directory; give the name of a file to write\n` });
  });

  it('export writes its file (every API key in full) 0600, over a 0644 one too, and refuses a symlink', async () => {
    const out = path.join(dir, 'state.json');
    writeFileSync(out, 'old\n', { mode: 0o644 });
    const exported = await cli('export', '--url', standIn.origin, '--out', out);
    expect(exported).toMatchObject({ exitCode: 0, stderr: '' });
    expect(modeOf(out)).toBe(0o600);
    expect(JSON.parse(readFileSync(out, 'utf8')).apiKeys.map((key: { key: string }) => key.key)).toContain(STAND_IN_KEY);

    const target = victim();
    const link = path.join(dir, 'state-link.json');
    symlinkSync(target, link);
    const refused = await cli('export', '--url', standIn.origin, '--out', link);
    expect(refused).toMatchObject({ exitCode: 1, stdout: '', stderr: expect.stringContaining(`--out ${link} is a symbolic link (to ${target}); nothing is written through it`) });
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  });

  it('verify --report is written 0600 as well', async () => {
    const report = path.join(dir, 'report.json');
    writeFileSync(report, '{}\n', { mode: 0o644 });
    const { exitCode } = await cli('verify', '--base-url', standIn.url, '--api-key', STAND_IN_KEY, '--rate', String(TEST_RATE), '--report', report);
    expect(exitCode).toBe(0);
    expect(modeOf(report)).toBe(0o600);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ conforms: true });

    const target = victim();
    const link = path.join(dir, 'report-link.json');
    symlinkSync(target, link);
    const before = standIn.sandbox.journal().length;
    const refused = await cli('verify', '--base-url', standIn.url, '--api-key', STAND_IN_KEY, '--rate', String(TEST_RATE), '--report', link);
    expect(refused).toMatchObject({ exitCode: 1, stdout: '', stderr: expect.stringContaining(`--report ${link} is a symbolic link (to ${target}); nothing is written through it`) });
    expect(standIn.sandbox.journal().length).toBe(before);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  });
});
