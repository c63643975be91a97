import { encodeQR } from 'qr';
import { encodeBitmapPng } from './png-1bit.js';

/** Light modules around the symbol; ISO/IEC 18004 asks for 4. */
const QUIET_ZONE_MODULES = 4;
const PIXELS_PER_MODULE = 4;

/** PNG QR code of `text`, as a `data:image/png;base64,...` URL. Deterministic: same text ⇒ same bytes. */
export function qrPngDataUrl(text: string): string {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE_MODULES });
  const png = encodeBitmapPng(modules, PIXELS_PER_MODULE);
  return `data:image/png;base64,${png.toString('base64')}`;
}
