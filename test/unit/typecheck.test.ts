import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;

/**
 * `npm run typecheck` as part of `npm test`, so that a type error fails the suite: src, test and bench
 * checked together, tests against src through tsconfig paths, bench against dist (which `npm test` builds
 * first). The `expectTypeOf` checks of the suite (test/openapi/rendered-types.test.ts, typed-client.test.ts)
 * fail only here: at run time they do nothing.
 */
it(`finds no type errors: ${scripts.typecheck}`, async () => {
  const [command, ...args] = scripts.typecheck!.split(' ');
  expect(command).toBe('tsc');
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const { stdout, stderr } = await run(tsc, [...args, '--pretty', 'false'], { cwd: root }).catch((error: { stdout: string; stderr: string }) => error);
  expect(`${stdout}${stderr}`, 'type errors: run npm run typecheck').toBe('');
}, 120_000);
