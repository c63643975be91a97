import { PartsMemo } from '../lib/parts-memo.js';

/**
 * JSON text already rendered, standing for a value of type `T` (the type is carried for the compiler only):
 * a route answers it, and the envelope puts the text in as it is, instead of serializing a value again.
 */
export class RenderedJson<T> {
  declare readonly value?: T;

  constructor(readonly text: string) {}
}

/**
 * Lists rendered from the same item texts give the same `RenderedJson`, so that a page asked for again is not
 * joined again, and its answer body is the very same string (which the journal and the HTTP writer then need
 * not scan or encode again). A page of 50 orders of 100 eSIMs (1.75 MB) is kept too: made afresh on each read,
 * a client polling it left ~5 MB of garbage per read, out of the young generation's reach, and a server of a
 * million eSIMs grew by half a GiB under such reads before a full GC. A page of QR images (megabytes) is not kept.
 */
const LISTS = new PartsMemo<RenderedJson<never>>(2 * 1024 * 1024, 4 * 1024 * 1024);

/** A list of rendered values, as JSON.stringify would write the list of the values. */
export function renderedList<T>(items: readonly RenderedJson<T>[]): RenderedJson<T[]> {
  if (items.length === 0) return new RenderedJson('[]');
  const texts = items.map((item) => item.text);
  return LISTS.get(texts, () => new RenderedJson(`[${texts.join(',')}]`)) as RenderedJson<T[]>;
}
