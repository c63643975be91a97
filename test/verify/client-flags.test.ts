import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';

describe('the flags that bound verify, record and export', () => {
  it('--help lists them, and says what happens to an existing file', async () => {
    // Wrapped at the terminal's width: compared with single spaces.
    const help = async (command: string) => (await cli(command, '--help')).stdout.replace(/\s+/g, ' ');
    for (const command of ['verify', 'record']) {
      const stdout = await help(command);
      for (const flag of ['--budget', '--max-body-bytes', '--replace-special', '--timeout']) expect(stdout, `${command} ${flag}`).toContain(flag);
      expect(stdout).toContain('An existing file is replaced by a new one, readable by you only (0600); a symlink is refused');
    }
    const stdout = await help('export');
    for (const flag of ['--max-body-bytes', '--replace-special', '--timeout']) expect(stdout, `export ${flag}`).toContain(flag);
    expect(stdout).toContain('An existing file is replaced by a new one, readable by you only (0600); a symlink is refused');
  });

  it('refuses values out of range, saying the range and an example', async () => {
    const verify = (...args: string[]) => cli('verify', '--base-url', 'http://127.0.0.1:1/api/v1', '--api-key', 'sk_x', ...args);
    expect(await verify('--budget', '0')).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('--budget must be a whole number of seconds from 1 to 86400 (got "0"); pass e.g. --budget 300 for 5 minutes'),
    });
    expect(await verify('--max-body-bytes', '16MiB')).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('--max-body-bytes must be a whole number of bytes from 1024 to 1073741824 (1 GiB) (got "16MiB"); pass e.g. --max-body-bytes 33554432 for 32 MiB'),
    });
    expect(await cli('export', '--url', 'http://127.0.0.1:1', '--timeout', '5')).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('--timeout must be a whole number of milliseconds from 100 to 600000 (got "5")'),
    });
  });
});
