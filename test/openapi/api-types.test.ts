import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiDocument, DEFAULT_SERVER_URL } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';
import { builtFile } from '../support/built-package.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const OUT_OF_DATE = 'src/contract/api-types.ts is out of date with the OpenAPI document: run "npm run openapi" and commit it';

/** The command the docs give for generating the types from a running sandbox (docs/api.md), as it is written there. */
const README_COMMAND = (() => {
  const readme = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
  const command = /`(npx openapi-typescript \S+)`/.exec(readme)?.[1];
  if (!command) throw new Error('docs/api.md no longer shows an `npx openapi-typescript <url>` command');
  return command;
})();

/** A command line run in the repository as a user runs it: no hook or preload of ours in NODE_OPTIONS. */
async function runCommand(command: string): Promise<string> {
  const [file, ...args] = command.split(' ');
  const { NODE_OPTIONS: _, ...env } = process.env;
  const { stdout } = await run(file!, args, { cwd: root, env, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

describe('the TypeScript types of the API', () => {
  const committed = readFileSync(path.join(root, 'src/contract/api-types.ts'), 'utf8');
  let server: RunningServer;
  let dir: string;

  beforeAll(async () => {
    server = await startServer({ port: 0 });
    dir = mkdtempSync(path.join(tmpdir(), 'esim-openapi-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are the ones openapi-typescript generates from the document module', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(await createOpenApiDocument()));
    expect(await runCommand(`npx openapi-typescript ${file}`), OUT_OF_DATE).toBe(committed);
  });

  it(`are what the README's command gives against a running sandbox: ${README_COMMAND}`, async () => {
    expect(README_COMMAND).toBe(`npx openapi-typescript ${DEFAULT_SERVER_URL}/openapi.json`);
    // The same command, pointed at this test's server instead of port 4010.
    const output = await runCommand(README_COMMAND.replace(DEFAULT_SERVER_URL, server.url));
    expect(output, OUT_OF_DATE).toBe(committed);
  });

  it('are exported by the package entry point', () => {
    const declarations = readFileSync(builtFile('dist/index.d.ts'), 'utf8');
    expect(declarations).toContain("export type { paths, components, operations } from './contract/api-types.js';");
  });
});

describe('openapi-typescript and tsc in this repository', () => {
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  const versionOf = (manifest: string) => JSON.parse(readFileSync(manifest, 'utf8')).version as string;

  it('`npx openapi-typescript` runs the tools/openapi-types workspace, whose openapi-typescript loads a TypeScript with its JS API (not 7)', () => {
    const bin = realpathSync(path.join(root, 'node_modules/.bin/openapi-typescript'));
    expect(bin).toBe(path.join(root, 'tools/openapi-types/openapi-typescript.js'));
    // Resolved from where the bin resolves it, as openapi-typescript itself resolves `typescript`.
    const openapiTypescript = createRequire(bin).resolve('openapi-typescript/package.json');
    expect(openapiTypescript).toBe(path.join(root, 'tools/openapi-types/node_modules/openapi-typescript/package.json'));
    const typescript = createRequire(openapiTypescript).resolve('typescript/package.json');
    expect(Number(versionOf(typescript).split('.')[0])).toBeLessThan(7);
    expect(typeof createRequire(openapiTypescript)('typescript').factory).toBe('object');
  });

  it('the root keeps TypeScript 7 for `tsc` (npm run build, npm run typecheck)', async () => {
    expect(versionOf(requireFromRoot.resolve('typescript/package.json'))).toMatch(/^7\./);
    expect(realpathSync(path.join(root, 'node_modules/.bin/tsc'))).toBe(path.join(root, 'node_modules/typescript/bin/tsc'));
    const { stdout } = await run('npx', ['tsc', '--version'], { cwd: root });
    expect(stdout).toMatch(/^Version 7\./);
  });
});
