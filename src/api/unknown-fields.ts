import type { Behavior } from '../scenarios/scenario-schema.js';
import type { FieldRules } from './parse-input.js';
import { isEmptyRecord, parseInput } from './parse-input.js';
import type { RouteFacts } from './route.js';
import type { z } from 'zod';

/**
 * `input` as `rules` parse it, after the scenario's switch for fields the route does not take: refused by the
 * rules (`reject`, the default), or left out and noted in `facts` for a hint (`ignore`).
 */
export function parseFields<S extends z.ZodType>(rules: FieldRules<S>, input: unknown, behavior: Behavior, facts: RouteFacts): z.output<S> {
  const mode = rules.place === 'query' ? behavior.unknownQueryParameter : behavior.unknownBodyField;
  if (mode === 'reject' || typeof input !== 'object' || input === null || Array.isArray(input) || isEmptyRecord(input)) return parseInput(rules, input);
  const known: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (rules.names.includes(name)) known[name] = value;
    else unknown.push(name);
  }
  if (unknown.length > 0) facts[rules.place === 'query' ? 'ignoredQueryParameters' : 'ignoredBodyFields'] = unknown;
  return parseInput(rules, known);
}
