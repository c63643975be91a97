import { redactSecrets } from '../lib/mask-api-key.js';

/** `value` with `key`, and whatever looks like a key or token, masked in its strings, for anything printed or written to a report. */
export function redactKey<T>(value: T, key: string): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redactSecrets(node, [key]);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, walk(child)]));
    return node;
  };
  return walk(value) as T;
}
