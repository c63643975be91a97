import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BIT_DEPTH_1 = 1;
const COLOR_TYPE_GRAYSCALE = 0;
const FILTER_NONE = 0;
/** Each byte is stored as the difference from the byte above it. */
const FILTER_UP = 2;
// Level 3 is the last of zlib's fast strategies: for QR-sized images it is about as quick as level 1
// and about 10% smaller; levels 4+ switch to lazy matching and cost roughly 50% more time.
const DEFLATE_LEVEL = 3;
// Up to 7 leftover bits plus one cell's `scale` bits must fit in a 31-bit (non-negative) integer.
const MAX_SCALE = 24;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function imageHeader(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = BIT_DEPTH_1;
  data[9] = COLOR_TYPE_GRAYSCALE;
  // Bytes 10..12 stay 0: deflate compression, standard filter set, no interlace.
  return data;
}

/**
 * PNG scanlines (filter byte + packed pixels) for a bitmap, each cell drawn as a `scale`×`scale` square.
 * In 1-bit grayscale a set bit is white, so black cells become 0 bits.
 */
function scanlines(bitmap: readonly (readonly boolean[])[], scale: number): Buffer {
  const cells = bitmap.length;
  const size = cells * scale;
  const stride = 1 + Math.ceil(size / 8);
  const whiteCell = (1 << scale) - 1;
  const out = Buffer.alloc(stride * size);

  for (let cellY = 0; cellY < cells; cellY++) {
    const row = bitmap[cellY]!;
    if (row.length !== cells) throw new RangeError('bitmap must be square');
    const rowStart = cellY * scale * stride;
    out[rowStart] = FILTER_NONE;
    let offset = rowStart + 1;
    let pending = 0;
    let pendingBits = 0;
    for (let cellX = 0; cellX < cells; cellX++) {
      pending = (pending << scale) | (row[cellX] ? 0 : whiteCell);
      pendingBits += scale;
      while (pendingBits >= 8) {
        pendingBits -= 8;
        out[offset++] = (pending >>> pendingBits) & 0xff;
      }
      pending &= (1 << pendingBits) - 1;
    }
    if (pendingBits > 0) out[offset] = (pending << (8 - pendingBits)) | (0xff >> pendingBits);
    // The other pixel rows of this cell row repeat it: "Up" filter with all-zero differences.
    for (let repeat = 1; repeat < scale; repeat++) out[rowStart + repeat * stride] = FILTER_UP;
  }
  return out;
}

/** Black-and-white PNG of a square `bitmap` (true = black), each cell drawn as a `scale`×`scale` square. */
export function encodeBitmapPng(bitmap: readonly (readonly boolean[])[], scale: number): Buffer {
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new RangeError(`scale must be an integer from 1 to ${MAX_SCALE}, got ${scale}`);
  }
  const size = bitmap.length * scale;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', imageHeader(size, size)),
    chunk('IDAT', deflateSync(scanlines(bitmap, scale), { level: DEFLATE_LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
