import { describe, it, expect } from 'vitest';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { qrPngDataUrl } from '../../src/lib/qr-image.js';

// jsqr is CommonJS typed with `export default`, so under Node ESM the function sits on `.default`.
const jsQR = jsqr.default;

const DATA_URL_PREFIX = 'data:image/png;base64,';

function decodeQrDataUrl(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(DATA_URL_PREFIX.length), 'base64'));
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return jsQR(pixels, png.width, png.height)?.data;
}

const activationCodes = [
  'LPA:1$smdp.io$A1',
  'LPA:1$smdp.example-provider.com$K2-1ABCD-EFGH2IJK-LMNOP3',
  'LPA:1$rsp.sandbox.example-provider.com$K2-1ABCD-EFGH2IJK-LMNOP3-QRSTU4VW$1.3.6.1.4.1.31746$1',
  `LPA:1$smdp.example-provider.com$${'X9-'.repeat(60)}END`,
];

describe('qrPngDataUrl', () => {
  it('returns a base64 PNG data URL', () => {
    const dataUrl = qrPngDataUrl(activationCodes[1]!);
    expect(dataUrl.startsWith(DATA_URL_PREFIX)).toBe(true);
    expect(Buffer.from(dataUrl.slice(DATA_URL_PREFIX.length), 'base64').subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it.each(activationCodes)('decodes back to %s', (code) => {
    expect(decodeQrDataUrl(qrPngDataUrl(code))).toBe(code);
  });

  it('produces identical output for identical input', () => {
    const code = activationCodes[2]!;
    expect(qrPngDataUrl(code)).toBe(qrPngDataUrl(code));
  });

  it('produces different output for different input', () => {
    expect(qrPngDataUrl(activationCodes[0]!)).not.toBe(qrPngDataUrl(activationCodes[1]!));
  });
});
