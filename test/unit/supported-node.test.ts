import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE, unsupportedNodeMessage } from '../../src/lib/supported-node.js';
import { builtFile, packageRoot } from '../support/built-package.js';

const run = promisify(execFile);

/** The machine's own Node, when it is older than the supported one (Node 20 on these machines). */
const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => {
  if (!existsSync(file)) return false;
  const version = /^v(\d+\.\d+\.\d+)/.exec(String(execFileSync(file, ['--version'])))?.[1];
  return version !== undefined && unsupportedNodeMessage(version, 'x') !== undefined;
});

describe('below the supported Node', () => {
  it('is the Node of package.json engines', () => {
    const { engines } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${SUPPORTED_NODE.major}.${SUPPORTED_NODE.minor}`);
  });

  it.each([
    ['20.20.2', true],
    ['22.11.0', true],
    ['22.12.0', false],
    ['24.21.0', false],
    ['25.0.0', false],
  ])('Node %s is refused: %s', (version, refused) => {
    expect(unsupportedNodeMessage(version, 'esim-sandbox') !== undefined).toBe(refused);
  });

  it('says what needs which Node, which Node this is, and how to get a newer one, in one line', () => {
    const message = unsupportedNodeMessage('20.20.2', 'esim-sandbox')!;
    expect(message).toBe(
      'esim-sandbox needs Node 22.12 or later, and this is Node 20.20.2: install a newer Node (nvm install 24), or add it to the project (npm install --save-dev node@24; npm scripts then run on it)',
    );
    expect(message).not.toContain('\n');
  });

  it.skipIf(olderNode === undefined)('stops the command with that line on an older Node (the machine\'s own)', async () => {
    const failed = await run(olderNode!, [builtFile('bin/esim-sandbox.js'), 'serve', '--port', '0']).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect((failed as { stderr: string }).stderr).toMatch(/^esim-sandbox needs Node 22\.12 or later, and this is Node 20\.[\d.]+: .*\n$/);
  });

  it.skipIf(olderNode === undefined)('stops the vitest entry with that line on an older Node, before vitest loads', async () => {
    const entry = builtFile('dist/vitest/index.js');
    const script = `import(${JSON.stringify(entry)}).then(() => console.log('loaded'), (error) => console.log(error.message))`;
    const { stdout, stderr } = await run(olderNode!, ['-e', script]);
    expect(stdout).toMatch(/^esim-wholesale-sandbox\/vitest \(and vitest 5\) needs Node 22\.12 or later, and this is Node 20\.[\d.]+: /);
    // Also written to stderr at once: vitest 5 on Node 20 crashes printing a failed file (Map.groupBy), so the
    // thrown error would not be shown; this line comes above its crash.
    expect(stderr).toMatch(/^\n\[esim-wholesale-sandbox\] esim-wholesale-sandbox\/vitest \(and vitest 5\) needs Node 22\.12 or later/);
  });

  it.skipIf(olderNode === undefined)('stops the msw entry with msw 3 on an older Node, saying msw 2 runs there, before msw loads', async () => {
    const entry = builtFile('dist/msw/index.js');
    const script = `import(${JSON.stringify(entry)}).then(() => console.log('loaded'), (error) => console.log(error.message))`;
    const { stdout, stderr } = await run(olderNode!, ['-e', script]);
    expect(stdout).toMatch(/^msw 3\.[\d.]+ needs Node 22\.12 or later, and this is Node 20\.[\d.]+: .*; or stay on this Node with msw 2 \(npm install --save-dev msw@2\)/);
    expect(stderr).toMatch(/^\n\[esim-wholesale-sandbox\] msw 3\./);
  });
});
