import { readFileSync } from 'node:fs';

/** The version in the package's package.json, two levels above this module (`src/cli/`, `dist/cli/`, `dist/bin/`). */
export function packageVersion(): string {
  const packageJson = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}
