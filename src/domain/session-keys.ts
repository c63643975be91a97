import { adoptResolved } from '../scenarios/load-scenario.js';
import type { ResolvedScenario, ScenarioFile } from '../scenarios/scenario-schema.js';

/** `ses_0001`, `ses_0002`, …: the n-th session created by a host. */
export function sessionIdOf(sequence: number): string {
  return `ses_${String(sequence).padStart(4, '0')}`;
}

const SEPARATOR = '__';
/** A session key ends in `__ses_<digits>`; the scenario key schema (`^[A-Za-z0-9_\-]+$`) allows every character of it. */
const SESSION_SUFFIX = /__(ses_\d+)$/;

export function sessionKey(key: string, sessionId: string): string {
  return `${key}${SEPARATOR}${sessionId}`;
}

/** Splits `sk_test_full_access__ses_0001` into the scenario key and the session id; undefined for a key without a session suffix. */
export function parseSessionKey(key: string): { key: string; sessionId: string } | undefined {
  // Most keys are no session's: one that does not end in a digit is told without the pattern.
  const last = key.charCodeAt(key.length - 1);
  if (!(last >= 48 && last <= 57)) return undefined;
  const match = SESSION_SUFFIX.exec(key);
  if (!match || match.index === 0) return undefined;
  return { key: key.slice(0, match.index), sessionId: match[1]! };
}

/** Every API key given the session's suffix; still resolved, as a suffix keeps each key valid and unique. */
export function withSessionKeys(scenario: ResolvedScenario, sessionId: string): ResolvedScenario {
  return adoptResolved({
    ...scenario,
    apiKeys: scenario.apiKeys.map((apiKey) => ({ ...apiKey, key: sessionKey(apiKey.key, sessionId) })),
  });
}

/** Scenario key → session key, for every key of a session's scenario. */
export function sessionKeyMap(scenario: ResolvedScenario): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const { key } of scenario.apiKeys) keys[parseSessionKey(key)?.key ?? key] = key;
  return keys;
}

/** The key a session's topup credits: a scenario key (`sk_test_full_access`) stands for the session's own. */
export function sessionApiKey(apiKey: string, sessionId: string): string {
  return parseSessionKey(apiKey) === undefined ? sessionKey(apiKey, sessionId) : apiKey;
}

/** A session's state as a scenario file with the scenario's own keys: loaded anywhere, it is no session's. */
export function withoutSessionKeys(file: ScenarioFile): ScenarioFile {
  return { ...file, apiKeys: file.apiKeys?.map((apiKey) => ({ ...apiKey, key: parseSessionKey(apiKey.key)?.key ?? apiKey.key })) };
}
