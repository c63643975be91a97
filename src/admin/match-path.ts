/** Matches `/orders/:id` against `/orders/42` → `{ id: "42" }`; undefined when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index]!;
    if (segment.startsWith(':') && value !== '') {
      const decoded = decodeSegment(value);
      if (decoded === undefined) return undefined;
      params[segment.slice(1)] = decoded;
    } else if (segment !== value) {
      return undefined;
    }
  }
  return params;
}

function decodeSegment(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
