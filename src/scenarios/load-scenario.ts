import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ScenarioSource } from '../types.js';
import { jsonFileNames, projectRoot, scenariosDir, seedsDir } from './built-in-files.js';
import { checkReferences } from './check-references.js';
import { completeEntities } from './complete-entities.js';
import { validate } from './describe-issue.js';
import { locatePointer } from './locate-pointer.js';
import { emptyMergedScenario, mergeLayer, type ScenarioLayer } from './merge-scenario-layers.js';
import { parseJson } from './parse-json.js';
import { ScenarioError, type ScenarioProblem } from './scenario-error.js';
import {
  behaviorSchema,
  clockSchema,
  faultSchema,
  scenarioFileSchema,
  seedFileSchema,
  type ResolvedScenario,
  type ScenarioFile,
  type SeedFile,
} from './scenario-schema.js';

export { listScenarios, projectRoot, scenariosDir, seedsDir } from './built-in-files.js';

const BUILT_IN_NAME = /^[a-z0-9][a-z0-9-]*$/;
const INLINE = '<inline>';

/**
 * Reads, validates and resolves a scenario: a built-in name (`"default"`), the path of a JSON file (absolute or
 * relative to the working directory), or an inline object. Throws a `ScenarioError` listing every problem found.
 */
export function loadScenario(source: ScenarioSource): ResolvedScenario {
  return new ScenarioResolver().resolve(source);
}

/** A file as problems name it: relative to the project root when inside it, else absolute. */
export function displayPath(absolute: string): string {
  const relative = path.relative(projectRoot, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPathLike(reference: string): boolean {
  return reference.endsWith('.json') || reference.includes('/') || reference.includes('\\');
}

/** A scenario file on the way from the source down its `extends` chain. */
interface Frame {
  /** Absolute path, or `<inline>`. */
  id: string;
  file: string;
  /** Directory its relative `extends` paths start from. */
  dir: string;
  /** Its `name`, else its file name: how cycles are shown. */
  label: string;
}

interface LoadedFile {
  raw: unknown;
  valid: boolean;
}

class ScenarioResolver {
  private readonly problems: ScenarioProblem[] = [];
  private readonly files = new Map<string, LoadedFile | null>();
  /** The text of each file that parsed, by its name in problems: where a problem's line is looked up. */
  private readonly texts = new Map<string, string>();

  resolve(source: ScenarioSource): ResolvedScenario {
    const root = this.loadRoot(source);
    const layers = root ? this.collectLayers(root.frame, root.loaded, [root.frame]) : [];
    this.throwIfProblems();
    const { frame, loaded } = root!;

    const merged = emptyMergedScenario();
    for (const layer of layers) this.problems.push(...mergeLayer(merged, layer));
    const { entities, problems } = completeEntities(merged);
    this.problems.push(...problems, ...checkReferences(merged));
    const behavior = this.validateMerged(frame.file, '/behavior', behaviorSchema, merged.behavior);
    const clock = this.validateMerged(frame.file, '/clock', clockSchema, merged.clock);
    const faults = this.validateMerged(frame.file, '/faults', z.array(faultSchema), merged.faults);
    this.throwIfProblems();

    const { name, description } = loaded.raw as ScenarioFile;
    return { name, description, seed: merged.seed ?? 1, clock: clock!, behavior: behavior!, faults: faults!, ...entities };
  }

  private throwIfProblems(): void {
    if (this.problems.length > 0) throw new ScenarioError(this.problems.map((problem) => this.withLine(problem)));
  }

  /** The problem with the line of its path, when it is about a file read from disk. */
  private withLine(problem: ScenarioProblem): ScenarioProblem {
    const text = this.texts.get(problem.file);
    if (text === undefined || problem.line !== undefined) return problem;
    return { file: problem.file, line: locatePointer(text, problem.path), path: problem.path, message: problem.message };
  }

  private loadRoot(source: ScenarioSource): { frame: Frame; loaded: LoadedFile } | undefined {
    if (typeof source !== 'string') {
      // A copy as JSON would carry it: fields set to undefined are absent, so they cannot blank out a merged field.
      const raw: unknown = JSON.parse(JSON.stringify(source));
      const loaded = { raw, valid: this.check(INLINE, raw, scenarioFileSchema) };
      const name = isRecord(raw) && typeof raw['name'] === 'string' ? raw['name'] : INLINE;
      return { frame: { id: INLINE, file: INLINE, dir: process.cwd(), label: name }, loaded };
    }
    let absolute: string;
    if (isPathLike(source)) {
      absolute = path.resolve(process.cwd(), source);
    } else {
      const known = this.builtInPath(source);
      if (!known) {
        this.problems.push({ file: 'scenarios', path: '', message: this.unknownBuiltIn(source) });
        return undefined;
      }
      absolute = known;
    }
    const loaded = this.loadFile(absolute, scenarioFileSchema);
    return loaded && { frame: this.frameOf(absolute, loaded), loaded };
  }

  /** The layers of a scenario in merge order: its `extends` (resolved), its `seeds`, then itself. */
  private collectLayers(frame: Frame, loaded: LoadedFile, stack: Frame[]): ScenarioLayer[] {
    const raw = isRecord(loaded.raw) ? loaded.raw : {};
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
    const target = this.locateExtended(frame, reference);
    if (!target) return [];
    const cycleStart = stack.findIndex((visited) => visited.id === target);
    if (cycleStart >= 0) {
      const first = stack[cycleStart]!;
      const cycle = [...stack.slice(cycleStart), first].map((visited) => visited.label).join(' → ');
      const message = `"${frame.label}" extends "${first.label}" again: a cycle ${cycle}`;
      this.problems.push({ file: first.file, path: '/extends', message });
      return [];
    }
    const loaded = this.loadFile(target, scenarioFileSchema);
    if (!loaded) return [];
    const extended = this.frameOf(target, loaded);
    return this.collectLayers(extended, loaded, [...stack, extended]);
  }

  private locateExtended(frame: Frame, reference: string): string | undefined {
    if (isPathLike(reference)) {
      const absolute = path.resolve(frame.dir, reference);
      if (existsSync(absolute)) return absolute;
      this.problems.push({ file: frame.file, path: '/extends', message: `file "${displayPath(absolute)}" does not exist` });
      return undefined;
    }
    const builtIn = this.builtInPath(reference);
    if (!builtIn) this.problems.push({ file: frame.file, path: '/extends', message: this.unknownBuiltIn(reference) });
    return builtIn;
  }

  private loadSeed(frame: Frame, name: string, index: number): ScenarioLayer | undefined {
    const seedNames = jsonFileNames(seedsDir);
    if (!BUILT_IN_NAME.test(name) || !seedNames.includes(name)) {
      const message = `no seed file "${name}"; seeds: ${seedNames.join(', ') || '(none)'}`;
      this.problems.push({ file: frame.file, path: `/seeds/${index}`, message });
      return undefined;
    }
    const absolute = path.join(seedsDir, `${name}.json`);
    const loaded = this.loadFile(absolute, seedFileSchema);
    return loaded?.valid ? { kind: 'seed', file: displayPath(absolute), data: loaded.raw as SeedFile } : undefined;
  }

  private builtInPath(name: string): string | undefined {
    if (!BUILT_IN_NAME.test(name) || !jsonFileNames(scenariosDir).includes(name)) return undefined;
    return path.join(scenariosDir, `${name}.json`);
  }

  private unknownBuiltIn(name: string): string {
    return `no built-in scenario "${name}"; built-ins: ${jsonFileNames(scenariosDir).join(', ') || '(none)'}`;
  }

  private frameOf(absolute: string, loaded: LoadedFile): Frame {
    const name = isRecord(loaded.raw) ? loaded.raw['name'] : undefined;
    const label = typeof name === 'string' ? name : path.basename(absolute, '.json');
    return { id: absolute, file: displayPath(absolute), dir: path.dirname(absolute), label };
  }

  /** Reads, parses and validates a file once per resolution; undefined when it cannot be read or parsed. */
  private loadFile(absolute: string, schema: typeof scenarioFileSchema | typeof seedFileSchema): LoadedFile | undefined {
    const cached = this.files.get(absolute);
    if (cached !== undefined) return cached ?? undefined;
    const loaded = this.readAndCheck(absolute, schema);
    this.files.set(absolute, loaded ?? null);
    return loaded;
  }

  private readAndCheck(absolute: string, schema: typeof scenarioFileSchema | typeof seedFileSchema): LoadedFile | undefined {
    const file = displayPath(absolute);
    let text: string;
    try {
      text = readFileSync(absolute, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const message = code === 'ENOENT' ? 'file does not exist' : `cannot read the file (${code ?? String(error)})`;
      this.problems.push({ file, path: '', message });
      return undefined;
    }
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const message = `invalid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}`;
      this.problems.push({ file, path: '', message });
      return undefined;
    }
    this.texts.set(file, text);
    return { raw: parsed.value, valid: this.check(file, parsed.value, schema) };
  }

  private check(file: string, raw: unknown, schema: typeof scenarioFileSchema | typeof seedFileSchema): boolean {
    const result = validate(schema, raw);
    if (!result.success) this.problems.push(...result.problems.map(({ path, message }) => ({ file, path, message })));
    return result.success;
  }

  private validateMerged<S extends z.ZodType>(file: string, prefix: string, schema: S, value: unknown): z.output<S> | undefined {
    const result = validate(schema, value);
    if (result.success) return result.data;
    this.problems.push(...result.problems.map(({ path, message }) => ({ file, path: prefix + path, message })));
    return undefined;
  }
}
