import { qrPngDataUrl } from './qr-image.js';

/** The QR image (a PNG data URL) of an activation code. */
export interface QrImageCache {
  get(activationCode: string): string;
}

/**
 * QR images are drawn on first use and kept up to `capacity`; past it the image drawn longest ago is
 * dropped first (insertion order, not recency of use), so memory stays bounded.
 */
export class BoundedQrImageCache implements QrImageCache {
  readonly #images = new Map<string, string>();

  constructor(readonly capacity = 20_000) {}

  /** How many images are kept now; never more than `capacity`. */
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
