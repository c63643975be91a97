import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export type ReadFileResult =
  | { ok: true; text: string }
  | { ok: false; problem: 'missing' }
  | { ok: false; problem: 'not-a-file'; kind: string }
  | { ok: false; problem: 'too-large'; size: number }
  | { ok: false; problem: 'unreadable'; code: string };

/** Read in steps of this size, so that a file whose stated size is wrong (0 under /proc) still stops at the cap. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The open does not block (a FIFO would wait for a writer for ever), and type and size are checked on the open
 * descriptor, so what is read is what was checked. `followSymlink: false` refuses a symlink too.
 */
export function readRegularFile(file: string, maxBytes: number, { followSymlink = true } = {}): ReadFileResult {
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (followSymlink ? 0 : (constants.O_NOFOLLOW ?? 0));
  let fd: number;
  try {
    fd = openSync(file, flags);
  } catch (error) {
    return openFailure(error as NodeJS.ErrnoException);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, problem: 'not-a-file', kind: kindOf(stats) };
    if (stats.size > maxBytes) return { ok: false, problem: 'too-large', size: stats.size };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const count = readSync(fd, chunk, 0, chunk.length, null);
      if (count === 0) break;
      chunks.push(chunk.subarray(0, count));
      total += count;
      if (total > maxBytes) return { ok: false, problem: 'too-large', size: total };
    }
    return { ok: true, text: Buffer.concat(chunks, total).toString('utf8') };
  } catch (error) {
    return { ok: false, problem: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    closeSync(fd);
  }
}

export function describeReadFailure(failure: Exclude<ReadFileResult, { ok: true }>, maxBytes: number): string {
  switch (failure.problem) {
    case 'missing':
      return 'file does not exist';
    case 'not-a-file':
      return `the path is ${failure.kind}, not a regular file; give the path of a scenario JSON file`;
    case 'too-large':
      return (
        `the file has ${failure.size} bytes, more than the ${maxBytes} a scenario file may have; ` +
        'make it smaller, or raise the cap (maxScenarioBytes, serve --max-scenario-bytes)'
      );
    case 'unreadable':
      return `cannot read the file (${failure.code})`;
  }
}

function openFailure(error: NodeJS.ErrnoException): ReadFileResult {
  switch (error.code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { ok: false, problem: 'missing' };
    case 'ELOOP':
      return { ok: false, problem: 'not-a-file', kind: 'a symbolic link' };
    case 'ENXIO':
      return { ok: false, problem: 'not-a-file', kind: 'a socket or a device' };
    default:
      return { ok: false, problem: 'unreadable', code: error.code ?? error.message };
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'a special file';
}
