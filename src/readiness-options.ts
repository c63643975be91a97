import { checkOptions } from './lib/options/check-options.js';
import { textOption, type OptionValues } from './lib/options/option-kinds.js';

/** Longer is no key a client sends. */
const MAX_KEY_LENGTH = 200;

/** The options of `sandbox.readiness()`, `GET /__sandbox/readiness` and `esim-sandbox readiness`. */
export const READINESS_OPTIONS = {
  key: textOption({
    flag: 'key',
    doc:
      'Grade the requests sent with this API key only, as the client sends it in x-api-key (a session key as the ' +
      'session gave it): one client of several. Default: every key.',
    expected: `an API key, one word of 1 to ${MAX_KEY_LENGTH} characters`,
    normalize: (key) => (/^\S+$/.test(key) && key.length <= MAX_KEY_LENGTH ? key : undefined),
    example: 'sk_test_full_access',
  }),
};

/** What `sandbox.readiness()` grades: every key's requests, or one key's (`key`). */
export type ReadinessOptions = OptionValues<typeof READINESS_OPTIONS>;

/** Throws a `TypeError` or `RangeError` saying what is wrong and how to fix it. */
export function checkReadinessOptions(options: ReadinessOptions): ReadinessOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('readiness takes { key?: string } or nothing');
  const unknown = Object.keys(options).filter((name) => !(name in READINESS_OPTIONS));
  if (unknown.length > 0) throw new TypeError(`readiness takes { key?: string }: unknown option ${unknown.map((name) => JSON.stringify(name)).join(', ')}`);
  return checkOptions(READINESS_OPTIONS, options);
}
