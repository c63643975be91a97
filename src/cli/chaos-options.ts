import type { Argv } from 'yargs';
import { CALL_PATHS } from '../contract/route-table.js';
import { CHAOS_EFFECTS, type ChaosInput } from '../scenarios/scenario-schema.js';

/** The chaos options of `serve`, as parsed: strings, checked and converted by `parseChaosArgs`. */
export interface ChaosArgs {
  chaos?: unknown;
  chaosSeed?: unknown;
  chaosEffects?: unknown;
  chaosRoutes?: unknown;
}

export function chaosOptions<T>(yargs: Argv<T>) {
  return yargs
    .option('chaos', {
      describe:
        'Seeded chaos on every API call: the share of calls, from 0 to 1, that meet a fault (a 503, a 429 that holds 1 s, ' +
        'a dropped connection, or on createOrder an answer lost after the order is placed); the same requests meet the same faults',
      requiresArg: true,
    })
    .option('chaos-seed', { describe: "Seed of chaos's own generator, a non-negative integer (default: the sandbox's seed)", requiresArg: true })
    .option('chaos-effects', { describe: `Effects chaos draws from, comma-separated: ${CHAOS_EFFECTS.join(', ')} (default: all)`, requiresArg: true })
    .option('chaos-routes', { describe: `Routes chaos strikes, comma-separated, e.g. /createOrder,/getOrderStatus (default: every call)`, requiresArg: true });
}

/** The chaos of the arguments, or undefined without `--chaos`; throws a message naming what is allowed. */
export function parseChaosArgs(argv: ChaosArgs): ChaosInput | undefined {
  if (argv.chaos === undefined) {
    const stray = (['chaosSeed', 'chaosEffects', 'chaosRoutes'] as const).find((name) => argv[name] !== undefined);
    if (stray) throw new Error(`--${kebab(stray)} needs --chaos <rate>, e.g. --chaos 0.05`);
    return undefined;
  }
  const rate = typeof argv.chaos === 'string' && /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(argv.chaos) ? Number(argv.chaos) : Number.NaN;
  if (Number.isNaN(rate)) throw new Error(`--chaos must be a number from 0 to 1, the share of calls that meet a fault (${got(argv.chaos)}); pass e.g. --chaos 0.05`);
  return {
    rate,
    ...(argv.chaosSeed !== undefined && { seed: parseSeed(argv.chaosSeed) }),
    ...(argv.chaosEffects !== undefined && { effects: listOf('chaos-effects', argv.chaosEffects, CHAOS_EFFECTS, (name) => name) }),
    ...(argv.chaosRoutes !== undefined && { routes: listOf('chaos-routes', argv.chaosRoutes, CALL_PATHS, (name) => (name.startsWith('/') ? name : `/${name}`)) }),
  };
}

function parseSeed(value: unknown): number {
  if (typeof value === 'string' && /^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  throw new Error(`--chaos-seed must be a non-negative integer (${got(value)}); pass e.g. --chaos-seed 7`);
}

function listOf<T extends string>(option: string, value: unknown, allowed: readonly T[], normalize: (name: string) => string): T[] {
  const names = typeof value === 'string' ? value.split(',').map((name) => normalize(name.trim())) : [];
  const wrong = typeof value !== 'string' ? got(value) : names.find((name) => !allowed.includes(name as T));
  if (wrong === undefined && names.length > 0) return names as T[];
  throw new Error(`--${option} takes a comma-separated list of ${allowed.join(', ')} (${typeof value === 'string' ? `got "${wrong}"` : wrong})`);
}

function got(value: unknown): string {
  return Array.isArray(value) ? 'it was given more than once' : `got ${JSON.stringify(value)}`;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
