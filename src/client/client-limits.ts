/** The bounds of verify, record, export and readiness as clients of a server they do not control. */
import { integerOption, switchOption } from '../lib/options/option-kinds.js';

const MAX_BODY_BYTES = { min: 1024, max: 1024 * 1024 * 1024, default: 16 * 1024 * 1024 } as const;

/** A verify run's 26 reads at 4 a second take ~7 s. */
const BUDGET_SECONDS = { min: 1, max: 86_400, default: 300 } as const;

const TIMEOUT_MS = { min: 100, max: 600_000, default: 10_000 } as const;

export const TIMEOUT_OPTION = integerOption({
  flag: 'timeout',
  doc: 'How long one request may take, answer included.',
  unit: 'ms',
  ...TIMEOUT_MS,
  exampleText: 'for 10 s',
});

export const MAX_BODY_BYTES_OPTION = integerOption({
  flag: 'max-body-bytes',
  doc: 'The largest answer body taken, in bytes, counted after decompression (a gzip bomb stops there).',
  unit: 'bytes',
  unitInMessage: true,
  ...MAX_BODY_BYTES,
  maxText: `${MAX_BODY_BYTES.max} (1 GiB)`,
  defaultText: `${MAX_BODY_BYTES.default} (16 MiB)`,
  example: 32 * 1024 * 1024,
  exampleText: 'for 32 MiB',
});

export const BUDGET_OPTION = integerOption({
  flag: 'budget',
  doc: 'How long the whole run may take, requests and waits together; a 429 is waited out only when its Retry-After fits in what is left.',
  unit: 'seconds',
  ...BUDGET_SECONDS,
  exampleText: 'for 5 minutes',
});

const REPLACE_SPECIAL_OPTION = switchOption({
  flag: 'replace-special',
  doc: 'Replace the file even when it is a symlink or not a regular file (a link is replaced, not its target).',
  default: false,
});

/** The option of the commands that write a file (verify --report, record --out, export --out). */
export const OUTPUT_OPTIONS = { replaceSpecial: REPLACE_SPECIAL_OPTION };

/** The bounds of one read from a server: its timeout and body limit (`esim-sandbox readiness`). */
export const READ_OPTIONS = { timeoutMs: TIMEOUT_OPTION, maxBodyBytes: MAX_BODY_BYTES_OPTION };

export const EXPORT_OPTIONS = { ...READ_OPTIONS, ...OUTPUT_OPTIONS };
