/**
 * JSON text already rendered, standing for a value of type `T` (the type is carried for the compiler only):
 * a route answers it, and the envelope puts the text in as it is, instead of serializing a value again.
 */
export class RenderedJson<T> {
  declare readonly value?: T;

  constructor(readonly text: string) {}
}

/** A list of rendered values, as JSON.stringify would write the list of the values. */
export function renderedList<T>(items: readonly RenderedJson<T>[]): RenderedJson<T[]> {
  let text = '[';
  for (let i = 0; i < items.length; i++) text += i === 0 ? items[i]!.text : `,${items[i]!.text}`;
  return new RenderedJson(`${text}]`);
}
