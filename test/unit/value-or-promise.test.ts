import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../support/source-files.js';

/**
 * A step that gives a value at once or a promise later is the request pipeline's own protocol (a read answered in
 * the same turn): every other module is synchronous or asynchronous. Written as a union with a promise, or told
 * apart at run time with `instanceof Promise`.
 */
const VALUE_OR_PROMISE = /\b([\w.]+(?:<[^|;]*?>)?)\s*\|\s*(?:Promise|PromiseLike)<\1>|(?:Promise|PromiseLike)<([^;]+?)>\s*\|\s*\2\b|instanceof Promise\b/;

describe('a value or a promise', () => {
  it('is told apart only in the request pipeline (src/api/serve-call.ts)', () => {
    const files = sourceFiles(SRC).filter((file) => VALUE_OR_PROMISE.test(readFileSync(file, 'utf8')));
    expect(files.map((file) => path.relative(SRC, file))).toEqual(['api/serve-call.ts']);
  });

  it('is found by the pattern in each spelling', () => {
    for (const text of ['Outcome | Promise<Outcome>', 'Promise<Data> | Data', 'T | PromiseLike<T>', 'CallAnswer<N> | Promise<CallAnswer<N>>', 'o instanceof Promise']) {
      expect(VALUE_OR_PROMISE.test(text), text).toBe(true);
    }
    for (const text of ['Promise<Outcome>', 'let closing: Promise<void> | undefined;', 'Promise<string | typeof TOO_LARGE>']) {
      expect(VALUE_OR_PROMISE.test(text), text).toBe(false);
    }
  });
});
