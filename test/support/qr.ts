import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text a `data:image/png;base64,` QR image decodes to. */
export function decodeQrDataUrl(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const decode = (jsQR as unknown as { default: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null }).default;
  return decode(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}
