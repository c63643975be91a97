import { z } from 'zod';

/** A scenario named in a request: a built-in name, or a file inside a scenario dir (the loader decides which may be read). */
export const scenarioNameSchema = z
  .string()
  .min(1, 'expected the name of a built-in scenario or the path of a .json file inside a --scenario-dir')
  .max(1000, 'expected a name or path of at most 1000 characters');
