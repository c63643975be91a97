import { randomBytes } from 'node:crypto';
import { access, constants, lstat, open, readlink, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where a command writes, as the user named it: `--out recorded.json`. */
export interface OutputFile {
  /** The option that named it, for messages: `--out`. */
  option: string;
  file: string;
  /** Replace a symlink or another non-regular file at `file` (the entry itself, never what a link points to). */
  replaceSpecial?: boolean;
}

const KINDS: [string, (stats: Awaited<ReturnType<typeof lstat>>) => boolean][] = [
  ['a FIFO', (stats) => stats.isFIFO()],
  ['a socket', (stats) => stats.isSocket()],
  ['a device', (stats) => stats.isCharacterDevice() || stats.isBlockDevice()],
];

/**
 * Refuses, before anything is sent, a target that cannot be written safely; a symlink too unless `replaceSpecial`,
 * as writing through a link would overwrite whatever it points to.
 */
export async function checkOutputFile({ option, file, replaceSpecial = false }: OutputFile): Promise<void> {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  await access(dir, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot write ${file}: its directory ${dir} ${error.code === 'ENOENT' ? 'does not exist' : 'is not writable'}; create it or choose another ${option}`);
  });
  const stats = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!stats || stats.isFile()) return;
  if (stats.isDirectory()) throw new Error(`${option} ${file} is a directory; give the name of a file to write`);
  if (replaceSpecial) return;
  const how = 'remove it, choose another name, or give --replace-special to replace it (a link itself is replaced, never what it points to)';
  if (stats.isSymbolicLink()) {
    const to = await readlink(target).catch(() => '?');
    throw new Error(`${option} ${file} is a symbolic link (to ${to}); nothing is written through it: ${how}`);
  }
  const kind = KINDS.find(([, test]) => test(stats))?.[0] ?? 'not a regular file';
  throw new Error(`${option} ${file} is ${kind}, not a regular file: ${how}`);
}

/**
 * Writes `text` readable by its owner only: into a new file beside the target (created exclusively, mode
 * 0600, so no planted link is followed), then renamed over it. An existing file is replaced whole, and takes
 * the new file's mode; a reader never sees half a file.
 */
export async function writePrivateFile(output: OutputFile, text: string): Promise<void> {
  await checkOutputFile(output);
  const target = path.resolve(output.file);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function writeJsonFile(output: OutputFile, value: unknown): Promise<void> {
  await writePrivateFile(output, `${JSON.stringify(value, null, 2)}\n`);
}
