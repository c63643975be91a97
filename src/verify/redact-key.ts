import { maskApiKey } from '../lib/mask-api-key.js';

/** `value` with every occurrence of `key` in its strings masked, for anything printed or written to a report. */
export function redactKey<T>(value: T, key: string): T {
  const masked = maskApiKey(key);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return node.replaceAll(key, masked);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, walk(child)]));
    return node;
  };
  return walk(value) as T;
}
