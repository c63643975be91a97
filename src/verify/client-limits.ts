/**
 * The bounds of verify, record and export as clients of a server they do not control, defined once for the
 * library's defaults and the command line's flags.
 */

/** --max-body-bytes: the largest answer body taken, counted after decompression. */
export const MAX_BODY_BYTES = { min: 1024, max: 1024 * 1024 * 1024, default: 16 * 1024 * 1024 } as const;

/** --budget: how long a whole verify or record run may take, in seconds (26 reads at 4 a second take ~7 s). */
export const BUDGET_SECONDS = { min: 1, max: 86_400, default: 300 } as const;
