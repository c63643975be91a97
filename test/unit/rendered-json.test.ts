import { describe, expect, it } from 'vitest';
import { renderedList, RenderedJson } from '../../src/lib/rendered-json.js';

describe('renderedList', () => {
  it('writes the items as JSON.stringify writes the list', () => {
    const items = [{ id: 1 }, { id: 2, name: 'ä' }].map((value) => new RenderedJson<object>(JSON.stringify(value)));
    expect(renderedList(items).text).toBe(JSON.stringify([{ id: 1 }, { id: 2, name: 'ä' }]));
    expect(renderedList([items[0]!, new RenderedJson<object>('{"id":3}')]).text).toBe('[{"id":1},{"id":3}]');
    expect(renderedList([]).text).toBe('[]');
  });
});

describe('RenderedJson.wrapped', () => {
  it('makes the carrying text once, and gives the very same string after', () => {
    const value = new RenderedJson<object>('{"id":1}');
    let made = 0;
    const wrap = (text: string) => `{"data":${text},"n":${++made}}`;
    const first = value.wrapped(wrap);
    expect(first).toBe('{"data":{"id":1},"n":1}');
    expect(value.wrapped(wrap)).toBe(first);
    expect(made).toBe(1);
  });
});

describe('RenderedJson.wrappedBytes', () => {
  it('encodes the carrying text as UTF-8 once, and gives the very same bytes after', () => {
    const value = new RenderedJson<object>('{"name":"ä"}');
    let made = 0;
    const wrap = (text: string) => `{"data":${text},"n":${++made}}`;
    const bytes = value.wrappedBytes(wrap);
    expect(new TextDecoder().decode(bytes)).toBe('{"data":{"name":"ä"},"n":1}');
    expect(bytes.byteLength).toBe(value.wrapped(wrap).length + 1);
    expect(value.wrappedBytes(wrap)).toBe(bytes);
    expect(made).toBe(1);
  });
});
