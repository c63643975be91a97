import { execFile } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** The tarball's name in the directory it is packed into: projects there depend on `file:../esim-wholesale-sandbox.tgz`. */
export const PACKED_TARBALL = 'esim-wholesale-sandbox.tgz';

/**
 * Packs the package as npm would publish it (`npm pack`, which builds it first) into `directory`, under a
 * fixed name, so that a project beside it can depend on `file:../esim-wholesale-sandbox.tgz`.
 */
export async function packPackage(directory: string): Promise<string> {
  const { stdout } = await run(npm, ['pack', '--json', '--pack-destination', directory], { cwd: REPO, maxBuffer: 16 << 20 });
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as [{ filename: string }];
  const tarball = path.join(directory, PACKED_TARBALL);
  await rename(path.join(directory, filename), tarball);
  return tarball;
}

/**
 * Installs a project as a partner would, from the npm cache where it can (`--prefer-offline`) and without
 * install scripts; writes `packageJson` first when given.
 */
export async function installProject(directory: string, packageJson?: object): Promise<void> {
  await mkdir(directory, { recursive: true });
  if (packageJson) await writeFile(path.join(directory, 'package.json'), JSON.stringify(packageJson, null, 2));
  await run(npm, ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock'], {
    cwd: directory,
    maxBuffer: 16 << 20,
  });
}
