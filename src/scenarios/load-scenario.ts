import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readPackageText } from '../lib/package-files.js';
import { jsonFileNames, projectRoot, scenariosDir, seedsDir } from './built-in-files.js';
import { checkedScenarioText, readCheckedBuiltIn } from './checked-built-ins.js';
import { validate } from './describe-issue.js';
import { parseJson, pointerLocator } from './json-positions.js';
import { emptyMergedScenario, findDuplicateKeys, isPlainObject, mergeLayer, type ScenarioLayer } from './merge-scenario-layers.js';
import { checkReferences, completeEntities } from './merged-entities.js';
import { describeReadFailure, readRegularFile, type ReadFileResult } from './read-regular-file.js';
import { findInScenarioDirs, refusedPathMessage, unknownNameMessage } from './scenario-dirs.js';
import { LISTED_PROBLEMS, ScenarioError, type ScenarioProblem } from './scenario-error.js';
import { LOCAL_FILES, maxBytesOf, type ScenarioFileAccess } from './scenario-file-access.js';
import {
  scenarioSchemas,
  type ResolvedScenario,
  type ScenarioSchemas,
  type ScenarioFile,
  type ScenarioSource,
  type SeedFile,
} from './scenario-schema.js';

export { listScenarios, projectRoot, scenariosDir, seedsDir } from './built-in-files.js';

type FileSchema = ScenarioSchemas['scenarioFile'] | ScenarioSchemas['seedFile'];

const BUILT_IN_NAME = /^[a-z0-9][a-z0-9-]*$/;
const INLINE = '<inline>';

/**
 * A path is relative to the working directory. Throws a `ScenarioError` listing every problem. `files`: any local
 * path by default (the caller owns the machine); the admin API confines reads to the scenario dirs.
 */
export function loadScenario(source: ScenarioSource, files: ScenarioFileAccess = LOCAL_FILES): ResolvedScenario {
  if (typeof source === 'object' && resolvedScenarios.has(source)) return source as ResolvedScenario;
  // A name is a built-in scenario whatever the access: the build may have checked it already.
  const checked = typeof source === 'string' ? readCheckedBuiltIn(source) : undefined;
  return adoptResolved(checked ?? new ScenarioResolver(files).resolve(source));
}

/** What the build ships for the built-in `name` (checked-built-ins.ts). */
export function checkedBuiltInText(name: string): string {
  const resolver = new ScenarioResolver(LOCAL_FILES);
  const scenario = resolver.resolve(name);
  return checkedScenarioText(scenario, resolver.filesRead());
}

/** A session's scenario passed through here three times, each a validation of the whole (1 s for 7.6 MB, the server held). */
const resolvedScenarios = new WeakSet<object>();

/** Only for a scenario made of a resolved one by changes that keep it valid. */
export function adoptResolved(scenario: ResolvedScenario): ResolvedScenario {
  resolvedScenarios.add(scenario);
  return scenario;
}

/** A file as problems name it: relative to the project root when inside it, else absolute. */
export function displayPath(absolute: string): string {
  const relative = path.relative(projectRoot, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}

function isPathLike(reference: string): boolean {
  return reference.endsWith('.json') || reference.includes('/') || reference.includes('\\');
}

interface Frame {
  id: string;
  file: string;
  /** None for an inline scenario under confined access. */
  dir: string | undefined;
  label: string;
}

interface Located {
  absolute: string;
  display: string;
  origin: 'built-in' | 'local' | 'scenario-dir';
}

interface LoadedFile {
  raw: unknown;
  valid: boolean;
}

class ScenarioResolver {
  private readonly problems: ScenarioProblem[] = [];
  private readonly loaded = new Map<string, LoadedFile | null>();
  /** By display name; a file is parsed again at the first lookup. */
  private readonly locators = new Map<string, (pointer: string) => number>();

  constructor(private readonly files: ScenarioFileAccess) {}

  resolve(source: ScenarioSource): ResolvedScenario {
    const root = this.loadRoot(source);
    const layers = root ? this.collectLayers(root.frame, root.loaded, [root.frame]) : [];
    this.throwIfProblems();
    const { frame, loaded } = root!;

    const merged = emptyMergedScenario();
    for (const layer of layers) this.note(mergeLayer(merged, layer));
    const { entities, problems } = completeEntities(merged);
    this.note(problems);
    this.note(checkReferences(merged));
    const schemas = scenarioSchemas();
    const behavior = this.validateMerged(frame.file, '/behavior', schemas.behavior, merged.behavior);
    const clock = this.validateMerged(frame.file, '/clock', schemas.clock, merged.clock);
    const faults = this.validateMerged(frame.file, '/faults', z.array(schemas.fault), merged.faults);
    const readiness = this.validateMerged(frame.file, '/readiness', schemas.readiness, merged.readiness);
    const chaos = this.validateMerged(frame.file, '/chaos', schemas.chaos.nullable(), merged.chaos);
    this.throwIfProblems();

    const { name, description } = loaded.raw as ScenarioFile;
    return {
      name,
      description,
      seed: merged.seed ?? 1,
      clock: clock!,
      behavior: behavior!,
      faults: faults!,
      chaos: chaos ?? null,
      readiness: readiness!,
      ...entities,
    };
  }

  /** One by one: a spread of 100,000 problems would overflow the call stack. */
  private note(found: readonly ScenarioProblem[]): void {
    for (const problem of found) this.problems.push(problem);
  }

  filesRead(): string[] {
    return [...this.loaded.keys()];
  }

  private throwIfProblems(): void {
    if (this.problems.length === 0) return;
    const listed = this.problems.slice(0, LISTED_PROBLEMS).map((problem) => this.withLine(problem));
    throw new ScenarioError(listed, this.problems.length);
  }

  private withLine(problem: ScenarioProblem): ScenarioProblem {
    const locate = this.locators.get(problem.file);
    if (locate === undefined || problem.line !== undefined) return problem;
    return { file: problem.file, line: locate(problem.path), path: problem.path, message: problem.message };
  }

  private loadRoot(source: ScenarioSource): { frame: Frame; loaded: LoadedFile } | undefined {
    if (typeof source !== 'string') {
      // A copy as JSON would carry it: fields set to undefined are absent, so they cannot blank out a merged field.
      const raw: unknown = JSON.parse(JSON.stringify(source));
      const loaded = { raw, valid: this.check(INLINE, raw, scenarioSchemas().scenarioFile) };
      const name = isPlainObject(raw) && typeof raw['name'] === 'string' ? raw['name'] : INLINE;
      const dir = this.files.kind === 'local' ? process.cwd() : undefined;
      return { frame: { id: INLINE, file: INLINE, dir, label: name }, loaded };
    }
    const located = this.locate(source, undefined);
    if (typeof located === 'string') {
      this.problems.push({ file: 'scenarios', path: '', message: located });
      return undefined;
    }
    const loaded = this.loadFile(located, scenarioSchemas().scenarioFile);
    return loaded && { frame: this.frameOf(located, loaded), loaded };
  }

  /** In merge order: its `extends`, its `seeds`, then itself. */
  private collectLayers(frame: Frame, loaded: LoadedFile, stack: Frame[]): ScenarioLayer[] {
    const raw = isPlainObject(loaded.raw) ? loaded.raw : {};
    const layers: ScenarioLayer[] = [];
    if (typeof raw['extends'] === 'string') layers.push(...this.collectExtended(frame, raw['extends'], stack));
    const seeds = Array.isArray(raw['seeds']) ? raw['seeds'] : [];
    seeds.forEach((name, index) => {
      if (typeof name !== 'string') return;
      const seed = this.loadSeed(frame, name, index);
      if (seed) layers.push(seed);
    });
    if (loaded.valid) layers.push({ kind: 'scenario', file: frame.file, data: raw as ScenarioFile });
    return layers;
  }

  private collectExtended(frame: Frame, reference: string, stack: Frame[]): ScenarioLayer[] {
    const target = this.locate(reference, frame);
    if (typeof target === 'string') {
      this.problems.push({ file: frame.file, path: '/extends', message: target });
      return [];
    }
    const cycleStart = stack.findIndex((visited) => visited.id === target.absolute);
    if (cycleStart >= 0) {
      const first = stack[cycleStart]!;
      const cycle = [...stack.slice(cycleStart), first].map((visited) => visited.label).join(' → ');
      const message = `"${frame.label}" extends "${first.label}" again: a cycle ${cycle}`;
      this.problems.push({ file: first.file, path: '/extends', message });
      return [];
    }
    const loaded = this.loadFile(target, scenarioSchemas().scenarioFile);
    if (!loaded) return [];
    const extended = this.frameOf(target, loaded);
    return this.collectLayers(extended, loaded, [...stack, extended]);
  }

  /**
   * The file a reference names, or why there is none. A request (not a file) may also name `<name>.json` of a
   * scenario dir; under confined access the scenario dirs decide what a path may reach.
   */
  private locate(reference: string, from: Frame | undefined): Located | string {
    // A file refers to others as it does when read locally, so that a file valid over HTTP validates locally too.
    const fromFile = from !== undefined && from.id !== INLINE;
    if (!isPathLike(reference)) {
      const builtIn = this.builtInPath(reference);
      if (builtIn) return { absolute: builtIn, display: displayPath(builtIn), origin: 'built-in' };
      if (this.files.kind === 'local' || fromFile) return this.unknownBuiltIn(reference);
      const found = findInScenarioDirs(reference, this.files.dirs);
      return found ? { ...found, origin: 'scenario-dir' } : unknownNameMessage(reference, this.files.dirs, this.builtInNames());
    }
    if (this.files.kind === 'confined') {
      const found = findInScenarioDirs(reference, this.files.dirs, fromFile ? from.dir : undefined);
      return found ? { ...found, origin: 'scenario-dir' } : refusedPathMessage(reference, this.files.dirs);
    }
    const absolute = path.resolve(from?.dir ?? process.cwd(), reference);
    // The source's own missing file is told by the read, with the file as the problem's file.
    if (from && !existsSync(absolute)) return `file "${displayPath(absolute)}" does not exist`;
    return { absolute, display: displayPath(absolute), origin: 'local' };
  }

  private loadSeed(frame: Frame, name: string, index: number): ScenarioLayer | undefined {
    const seedNames = jsonFileNames(seedsDir);
    if (!BUILT_IN_NAME.test(name) || !seedNames.includes(name)) {
      const message = `no seed file "${name}"; seeds: ${seedNames.join(', ') || '(none)'}`;
      this.problems.push({ file: frame.file, path: `/seeds/${index}`, message });
      return undefined;
    }
    const absolute = path.join(seedsDir, `${name}.json`);
    const loaded = this.loadFile({ absolute, display: displayPath(absolute), origin: 'built-in' }, scenarioSchemas().seedFile);
    return loaded?.valid ? { kind: 'seed', file: displayPath(absolute), data: loaded.raw as SeedFile } : undefined;
  }

  private builtInPath(name: string): string | undefined {
    if (!BUILT_IN_NAME.test(name) || !this.builtInNames().includes(name)) return undefined;
    return path.join(scenariosDir, `${name}.json`);
  }

  private builtInNames(): string[] {
    return jsonFileNames(scenariosDir);
  }

  private unknownBuiltIn(name: string): string {
    return `no built-in scenario "${name}"; built-ins: ${this.builtInNames().join(', ') || '(none)'}`;
  }

  private frameOf({ absolute, display }: Located, loaded: LoadedFile): Frame {
    const name = isPlainObject(loaded.raw) ? loaded.raw['name'] : undefined;
    const label = typeof name === 'string' ? name : path.basename(absolute, '.json');
    return { id: absolute, file: display, dir: path.dirname(absolute), label };
  }

  /** Once per resolution; undefined when the file cannot be read or parsed. */
  private loadFile(located: Located, schema: FileSchema): LoadedFile | undefined {
    const cached = this.loaded.get(located.absolute);
    if (cached !== undefined) return cached ?? undefined;
    const loaded = this.readAndCheck(located, schema);
    this.loaded.set(located.absolute, loaded ?? null);
    return loaded;
  }

  private readAndCheck(located: Located, schema: FileSchema): LoadedFile | undefined {
    const file = located.display;
    // Ours are read from the package (or from the single-file executable that carries them); the caller's under
    // the cap. A file of a scenario dir is opened by its real path: a symlink put there since it was found is not
    // followed.
    const maxBytes = maxBytesOf(this.files);
    const read: ReadFileResult =
      located.origin === 'built-in'
        ? { ok: true, text: readPackageText(located.absolute) }
        : readRegularFile(located.absolute, maxBytes, { followSymlink: located.origin !== 'scenario-dir' });
    if (!read.ok) {
      this.problems.push({ file, path: '', message: describeReadFailure(read, maxBytes) });
      return undefined;
    }
    const parsed = parseJson(read.text);
    if (!parsed.ok) {
      const message = `invalid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}`;
      this.problems.push({ file, path: '', message });
      return undefined;
    }
    this.locators.set(file, pointerLocator(read.text));
    return { raw: parsed.value, valid: this.check(file, parsed.value, schema) };
  }

  private check(file: string, raw: unknown, schema: FileSchema): boolean {
    const result = validate(schema, raw);
    if (!result.success) {
      this.note(result.problems.map(({ path, message }) => ({ file, path, message })));
      return false;
    }
    const duplicates = findDuplicateKeys(file, result.data);
    this.note(duplicates);
    return duplicates.length === 0;
  }

  private validateMerged<S extends z.ZodType>(file: string, prefix: string, schema: S, value: unknown): z.output<S> | undefined {
    const result = validate(schema, value);
    if (result.success) return result.data;
    this.note(result.problems.map(({ path, message }) => ({ file, path: prefix + path, message })));
    return undefined;
  }
}
