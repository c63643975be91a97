import { fileURLToPath } from 'node:url';
import { readPackageText } from './package-files.js';

/** The version in the package's package.json, two levels above this module (`src/lib/`, `dist/lib/`, `dist/bin/`). */
export function packageVersion(): string {
  const packageJson = fileURLToPath(new URL('../../package.json', import.meta.url));
  return (JSON.parse(readPackageText(packageJson)) as { version: string }).version;
}
