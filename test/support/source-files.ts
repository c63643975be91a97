import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The project's source folder. */
export const SRC = path.resolve(import.meta.dirname, '../../src');

/** Every `.ts` file below `dir`, for the tests that read the source itself (layers, vocabulary, caches). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
