import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenApiDocument } from 'esim-wholesale-sandbox';
import { startServer, type RunningServer } from 'esim-wholesale-sandbox/server';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const OUT_OF_DATE = 'src/openapi/api-types.ts is out of date with the OpenAPI document: run "npm run openapi" and commit it';

/**
 * `npx openapi-typescript <source>` as a user would run it. openapi-typescript prints with the `typescript`
 * library API, which TypeScript 7 does not have; the hook hands it the TypeScript 6 installed as `typescript6`.
 */
async function openapiTypescript(source: string): Promise<string> {
  const { stdout } = await run('npx', ['openapi-typescript', source], {
    cwd: root,
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
      NODE_OPTIONS: `--import=${path.join(root, 'scripts/typescript6-hook.mjs')}`,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

describe('the TypeScript types of the API', () => {
  const committed = readFileSync(path.join(root, 'src/openapi/api-types.ts'), 'utf8');
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
    writeFileSync(file, JSON.stringify(createOpenApiDocument()));
    expect(await openapiTypescript(file), OUT_OF_DATE).toBe(committed);
  });

  it('are what `npx openapi-typescript <running sandbox>/openapi.json` gives', async () => {
    expect(await openapiTypescript(`${server.url}/openapi.json`), OUT_OF_DATE).toBe(committed);
  });

  it('are exported by the package entry point', () => {
    const declarations = readFileSync(path.join(root, 'dist/index.d.ts'), 'utf8');
    expect(declarations).toContain("export type { paths, components, operations } from './openapi/api-types.js';");
  });
});
