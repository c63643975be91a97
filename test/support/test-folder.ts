import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new folder in the temporary directory (`<prefix>XXXXXX`), removed with what is in it when the test that made it
 * ends, passed or failed: a run of the suite leaves nothing behind. Call it inside a test; a folder a whole file
 * shares is removed by its afterAll.
 */
export function testFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
