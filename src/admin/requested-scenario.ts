import { z } from 'zod';
import { ApiError } from '../domain/api-error.js';
import { maxBytesOf, type ScenarioFileAccess } from '../scenarios/scenario-file-access.js';

/** A scenario named in a request: a built-in name, or a file inside a scenario dir (the loader decides which may be read). */
export const scenarioNameSchema = z
  .string()
  .min(1, 'expected the name of a built-in scenario or the path of a .json file inside a --scenario-dir')
  .max(1000, 'expected a name or path of at most 1000 characters');

/**
 * The bytes of JSON of an inline scenario (0 for a name), refused past the size a scenario file may have: a
 * scenario posted in a body is held to the same `--max-scenario-bytes` as one read from a file.
 */
export function inlineScenarioBytes(scenario: unknown, files: ScenarioFileAccess): number {
  if (typeof scenario !== 'object' || scenario === null) return 0;
  const bytes = Buffer.byteLength(JSON.stringify(scenario));
  const maxBytes = maxBytesOf(files);
  if (bytes <= maxBytes) return bytes;
  throw new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The inline scenario has ${bytes} bytes of JSON, more than the ${maxBytes} a scenario may have ` +
      '(--max-scenario-bytes, maxScenarioBytes in startServer): send a smaller scenario, or start the server with a larger --max-scenario-bytes.',
  );
}
