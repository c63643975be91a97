import { integerOption } from '../lib/options/option-kinds.js';

/** The options of a sandbox host, besides those of its main sandbox. */
export const HOST_OPTIONS = {
  maxSessions: integerOption({
    flag: 'max-sessions',
    doc: 'How many sessions (`POST /__sandbox/sessions`) may be alive at once; one more is refused until one is deleted.',
    min: 0,
    max: 10_000,
    default: 100,
    hint: 'or 0 to allow none',
  }),
};
