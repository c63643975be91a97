import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../support/source-files.js';

const src = SRC;

/**
 * Module-level state outside src/server/ that is no cache, each with why. A read-only table needs no entry: typed
 * `ReadonlyMap` or `ReadonlySet`, the compiler refuses any write to it.
 */
const ALLOWED: Record<string, string> = {
  'admin/event-stream.ts fanouts': "a sandbox's own event fan-out, found by its sandbox and gone with it",
  'admin/snapshot-routes.ts registries': "a sandbox's own snapshots, found by its sandbox and gone with it",
  'sandbox-snapshot.ts contents': "a snapshot's contents, hidden from its holder: the snapshot's own state",
  'scenarios/load-scenario.ts resolvedScenarios': 'a mark on a scenario object already validated, gone with it; holds no derived value',
  'sandbox-options.ts timeOrigin': 'performance.timeOrigin, a constant of the process, read once',
  'lib/tool-user-agent.ts version': "the package's version, a constant, read once",
  'lib/package-files.ts assetKeys': "the installed package's file list, a constant, read once",
  'openapi-examples.ts recorded': "the OpenAPI document's examples, answers of fresh sandboxes, the same for every sandbox: recorded at the first ask for the document instead of at start",
  'scenarios/scenario-schema.ts schemas': 'the zod schemas of scenario files, constants of the package, made at the first check instead of at start',
  'domain/queued-fault.ts schema': 'the zod schema of a queued fault, a constant of the package, made at the first fault queued instead of at start',
  'state/records.ts schemas': 'the zod schemas of stored records, constants of the package, made at the first record checked instead of at start',
  'api/openapi-document.ts described': 'the description of the calls, a constant of the package, made at the first ask for the document instead of at start',
  'verify/contract-problems.ts cache': "the verify client's schemas of the one OpenAPI document, bounded by its components; no sandbox reads it",
};

/** Module-level declarations that can hold a cache: `let`, or a `const` made with `new Map/Set/WeakMap/WeakSet`. */
function moduleLevelState(text: string): { name: string; readOnly: boolean }[] {
  const found: { name: string; readOnly: boolean }[] = [];
  for (const match of text.matchAll(/^(?:export )?(const|let) ([A-Za-z_$][\w$]*)(?:\s*:\s*([^=]+?))?\s*=\s*(new (?:Weak)?(?:Map|Set)\b)?/gm)) {
    const [, kind, name, type, made] = match;
    if (kind === 'let' || made !== undefined) found.push({ name: name!, readOnly: kind === 'const' && /^Readonly(?:Map|Set)</.test(type?.trim() ?? '') });
  }
  return found;
}

/** Memo and cache classes made outside a class or function: one instance for every sandbox in the process. */
function moduleLevelMemos(text: string): string[] {
  return [...text.matchAll(/^(?:export )?(?:const|let) ([A-Za-z_$][\w$]*)[^=\n]*=\s*new [A-Za-z]*(?:Memo|Cache)\b/gm)].map((match) => match[1]!);
}

/** The files that build one sandbox's parts (its context, its journal), where its caches are made. */
const CACHE_OWNERS = new Set(['sandbox.ts', 'sandbox-context.ts', 'state/journal.ts']);

const outsideServer = sourceFiles(src)
  .map((file) => path.relative(src, file).split(path.sep).join('/'))
  .filter((file) => !file.startsWith('server/'));

describe('caches outside src/server/', () => {
  it('finds module-level maps, sets and lets, and tells read-only tables apart by their type', () => {
    const sample = [
      'const kept = new WeakMap<object, string>();',
      'export const TABLE: ReadonlyMap<string, number> = new Map([["a", 1]]);',
      'const NAMES: ReadonlySet<string> = new Set(["a"]);',
      'let last: string | undefined;',
      '  const inner = new Map();',
      'const plain = new Map();',
    ].join('\n');
    expect(moduleLevelState(sample)).toEqual([
      { name: 'kept', readOnly: false },
      { name: 'TABLE', readOnly: true },
      { name: 'NAMES', readOnly: true },
      { name: 'last', readOnly: false },
      { name: 'plain', readOnly: false },
    ]);
    expect(moduleLevelMemos('const LISTS = new PartsMemo<string>(1, 2);\nconst x = new Date();')).toEqual(['LISTS']);
  });

  it('keeps no module-level mutable map, set or memo: a cache belongs to the sandbox that owns the data, or to the server', () => {
    const state = outsideServer.flatMap((file) =>
      moduleLevelState(readFileSync(path.join(src, file), 'utf8'))
        .filter(({ readOnly }) => !readOnly)
        .map(({ name }) => `${file} ${name}`),
    );
    expect(state.filter((entry) => !(entry in ALLOWED))).toEqual([]);
    // An entry that no longer names anything goes too.
    expect(Object.keys(ALLOWED).filter((entry) => !state.includes(entry))).toEqual([]);
    const memos = outsideServer.flatMap((file) => moduleLevelMemos(readFileSync(path.join(src, file), 'utf8')).map((name) => `${file} ${name}`));
    expect(memos).toEqual([]);
  });

  it('makes memo and cache objects only where one sandbox is built', () => {
    const makers = outsideServer.filter((file) => /new [A-Z][A-Za-z]*(?:Memo|Cache)\b/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(makers.filter((file) => !CACHE_OWNERS.has(file))).toEqual([]);
  });
});
