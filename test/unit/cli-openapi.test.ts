import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cli } from '../support/cli.js';
import { formatServeBanner } from '../../src/cli/serve-command.js';
import { startServer } from '../../src/server/start-server.js';
import { createOpenApiDocument } from '../../src/openapi-examples.js';

const root = path.resolve(import.meta.dirname, '../..');


describe('esim-sandbox openapi', () => {
  it('prints the shipped openapi.json by default', async () => {
    const { exitCode, stdout, stderr } = await cli('openapi');
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(stdout).toBe(readFileSync(path.join(root, 'openapi.json'), 'utf8'));
  });

  it('prints the same document as YAML, without anchors, valid for swagger-parser', async () => {
    const { exitCode, stdout } = await cli('openapi', '--format', 'yaml');
    expect(exitCode).toBe(0);
    expect(stdout).not.toMatch(/[&*]a\d+\b/);
    expect(parse(stdout)).toEqual(await createOpenApiDocument());
    await SwaggerParser.validate(parse(stdout));
  });

  it('names another base URL in servers with --server-url', async () => {
    const { stdout } = await cli('openapi', '--server-url', 'http://127.0.0.1:4011/api/v1/');
    expect(JSON.parse(stdout).servers[0].url).toBe('http://127.0.0.1:4011/api/v1');
  });

  it('refuses an unknown format or a server URL that is not one, saying what is expected', async () => {
    const format = await cli('openapi', '--format', 'xml');
    expect(format.exitCode).toBe(1);
    expect(format.stderr).toMatch(/Argument: format, Given: "xml", Choices: "json", "yaml"/);
    const url = await cli('openapi', '--server-url', 'localhost:4010');
    expect(url.exitCode).toBe(1);
    expect(url.stderr).toMatch(/--server-url must be an http\(s\) URL such as http:\/\/127\.0\.0\.1:4010\/api\/v1 \(got "localhost:4010"\)/);
  });

  it('is listed in the top-level help, with an example', async () => {
    const { stdout } = await cli('--help');
    expect(stdout).toMatch(/esim-sandbox openapi\s+Print the OpenAPI 3\.0\.3 document of the API/);
    expect(stdout).toMatch(/esim-sandbox openapi --format yaml/);
  });
});

describe('esim-sandbox serve', () => {
  it('names the API reference page and the OpenAPI document in its banner', async () => {
    const server = await startServer({ port: 0 });
    try {
      expect(formatServeBanner(server)).toContain(`  docs       ${server.origin}/docs  (API reference; OpenAPI document at ${server.url}/openapi.json)\n`);
    } finally {
      await server.close();
    }
  });
});
