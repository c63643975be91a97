import { scenarioSchemas, type Chaos, type ChaosInput } from './scenario-schema.js';

/** Chaos given at run time (`createSandbox({ chaos })`, `startServer`), checked: every problem named with what is allowed. */
export function checkChaos(input: ChaosInput | null): Chaos | null {
  if (input === null) return null;
  const result = scenarioSchemas().chaos.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `chaos${issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}: ${issue.message}`);
  throw new RangeError(`${problems.join('; ')} (got ${JSON.stringify(input)})`);
}
