import { encodeQR } from 'qr';
import { encodeBitmapPng } from './png-1bit.js';

/** Light modules around the symbol; ISO/IEC 18004 asks for 4. */
const QUIET_ZONE_MODULES = 4;
const PIXELS_PER_MODULE = 4;

/** Deterministic: same text ⇒ same bytes. */
export function qrPngDataUrl(text: string): string {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE_MODULES });
  const png = encodeBitmapPng(modules, PIXELS_PER_MODULE);
  return `data:image/png;base64,${png.toString('base64')}`;
}

export interface QrImageCache {
  get(activationCode: string): string;
}

/** Past `capacity` the image drawn longest ago goes first (insertion order, not recency of use). */
export class BoundedQrImageCache implements QrImageCache {
  readonly #images = new Map<string, string>();

  constructor(readonly capacity = 20_000) {}

  get size(): number {
    return this.#images.size;
  }

  get(activationCode: string): string {
    let image = this.#images.get(activationCode);
    if (image === undefined) {
      image = qrPngDataUrl(activationCode);
      if (this.#images.size >= this.capacity) this.#images.delete(this.#images.keys().next().value!);
      this.#images.set(activationCode, image);
    }
    return image;
  }

  clear(): void {
    this.#images.clear();
  }
}
