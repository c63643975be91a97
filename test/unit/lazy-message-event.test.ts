import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MessageEvent as LazyMessageEvent } from '../../scripts/lazy-message-event.ts';

const shim = path.resolve(import.meta.dirname, '../../scripts/lazy-message-event.ts');

/** As rettime declares its events, on the stand-in the bundled command gives it. */
class TypedEvent extends LazyMessageEvent {
  defaultPreventedHere = false;
  override preventDefault(): void {
    super.preventDefault();
    this.defaultPreventedHere = true;
  }
}

describe('the MessageEvent stand-in of the bundled command', () => {
  it('makes events that are Node’s own MessageEvent, with their data, type and methods', () => {
    const event = new TypedEvent('delete', { data: { deletedRecord: { id: 7 } } });
    expect(event).toBeInstanceOf(globalThis.MessageEvent);
    expect(event).toBeInstanceOf(Event);
    expect(event).toBeInstanceOf(TypedEvent);
    expect(event.type).toBe('delete');
    expect(event.data).toEqual({ deletedRecord: { id: 7 } });
    event.preventDefault();
    expect(event.defaultPreventedHere).toBe(true);
  });

  it('does not load Node’s undici until the first event is made', async () => {
    const script = [
      `const { MessageEvent } = await import(${JSON.stringify(shim)});`,
      'const undici = () => process.moduleLoadList.some((name) => name.includes("undici"));',
      'class TypedEvent extends MessageEvent {}',
      'const before = undici();',
      'const event = new TypedEvent("update", { data: 1 });',
      'console.log(JSON.stringify({ before, after: undici(), data: event.data }));',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual({ before: false, after: true, data: 1 });
  });
});
