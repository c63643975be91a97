import { CALL_NAMES, callNameOf } from '../contract/route-table.js';
import { decimalOption, integerOption, textOption, type OptionValues } from '../lib/options/option-kinds.js';
import { CHAOS_EFFECTS, type ChaosInput } from '../scenarios/scenario-schema.js';

/** A comma-separated list of names among `allowed` (each as `normalize` writes it), or undefined when one is not. */
function commaList(allowed: readonly string[], normalize: (name: string) => string = (name) => name) {
  return (text: string): string | undefined => {
    const names = text.split(',').map((name) => normalize(name.trim()));
    return names.every((name) => allowed.includes(name)) ? names.join(',') : undefined;
  };
}

/** The flags that make the `chaos` option (`SANDBOX_OPTIONS.chaos`, an object in code); `chaosOf` puts them together. */
export const CHAOS_FLAGS = {
  chaosRate: decimalOption({
    flag: 'chaos',
    doc:
      'Seeded chaos on every API call: the share of calls, from 0 to 1, that meet a fault (a 503, a 429 that holds 1 s, ' +
      'a dropped connection, or on createOrder an answer lost after the order is placed); the same requests meet the same faults.',
    min: 0,
    max: 1,
    defaultText: "the scenario's chaos (none unless it has some)",
    example: 0.05,
    hint: 'the share of calls that meet a fault',
  }),
  chaosSeed: integerOption({
    flag: 'chaos-seed',
    doc: "Seed of chaos's own generator (with `--chaos`).",
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    defaultText: "the sandbox's seed",
    example: 7,
  }),
  chaosEffects: textOption({
    flag: 'chaos-effects',
    doc: `Effects chaos draws from, comma-separated (with \`--chaos\`): ${CHAOS_EFFECTS.join(', ')}.`,
    expected: `a comma-separated list of ${CHAOS_EFFECTS.join(', ')}`,
    normalize: commaList(CHAOS_EFFECTS),
    defaultText: 'all',
    example: 'error,drop',
  }),
  chaosRoutes: textOption({
    flag: 'chaos-routes',
    doc: 'Calls chaos strikes, comma-separated (with `--chaos`), by name or path, e.g. createOrder,getOrderStatus.',
    expected: `a comma-separated list of ${CALL_NAMES.join(', ')} (or their paths, /createOrder)`,
    normalize: commaList(CALL_NAMES, (name) => callNameOf(name) ?? name),
    defaultText: 'every call',
    example: 'createOrder',
  }),
};

/** The chaos the flags' checked values make, or undefined without `--chaos`; throws when a narrowing flag comes alone. */
export function chaosOf(values: OptionValues<typeof CHAOS_FLAGS>): ChaosInput | undefined {
  const { chaosRate, chaosSeed, chaosEffects, chaosRoutes } = values;
  if (chaosRate === undefined) {
    const stray = (['chaosSeed', 'chaosEffects', 'chaosRoutes'] as const).find((name) => values[name] !== undefined);
    if (stray) throw new Error(`--${CHAOS_FLAGS[stray].flag} needs --chaos <rate>, e.g. --chaos 0.05`);
    return undefined;
  }
  return {
    rate: chaosRate,
    ...(chaosSeed !== undefined && { seed: chaosSeed }),
    ...(chaosEffects !== undefined && { effects: chaosEffects.split(',') as ChaosInput['effects'] }),
    ...(chaosRoutes !== undefined && { routes: chaosRoutes.split(',') as ChaosInput['routes'] }),
  };
}
