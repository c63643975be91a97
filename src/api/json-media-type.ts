/** `application/json` or a `+json` type, parameters allowed (`application/json; charset=utf-8`), any case. */
export function isJsonMediaType(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());
}
