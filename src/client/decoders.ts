import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';

/** More codings than this are refused, as fetch refuses them: each decoder holds its own window in memory. */
export const MAX_CODINGS = 5;

/**
 * As fetch does: the last coding applied is undone first, flushes sync so a body cut short unpacks as far as it
 * goes, and one unknown coding means no decoder at all (the body is taken as it came).
 */
export function decodersFor(encoding: string): Transform[] {
  const codings = codingsOf(encoding);
  const decoders: Transform[] = [];
  for (const coding of codings.reverse()) {
    const decoder = decoderOf(coding);
    if (!decoder) {
      decoders.forEach((made) => made.destroy());
      return [];
    }
    decoders.push(decoder);
  }
  return decoders;
}

export function codingsOf(encoding: string): string[] {
  return encoding.split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding && coding !== 'identity');
}

const ZLIB_FLUSH = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 };
const BROTLI_FLUSH = { flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH, chunkSize: 64 * 1024 };

function decoderOf(coding: string): Transform | undefined {
  if (coding === 'gzip' || coding === 'x-gzip') return createGunzip(ZLIB_FLUSH);
  if (coding === 'deflate') return createInflate(ZLIB_FLUSH);
  if (coding === 'br') return createBrotliDecompress(BROTLI_FLUSH);
  return undefined;
}
