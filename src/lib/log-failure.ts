import { redactApiKeys } from './mask-api-key.js';

/**
 * Writes an unexpected failure to the log (stderr): what was being done, then the stack, any API key in it
 * masked. For failures that must not reach a client's answer: an answer already made is still given.
 */
export function logFailure(doing: string, thrown: unknown, log: (message: string) => void = console.error): void {
  const detail = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  log(redactApiKeys(doing === '' ? detail : `${doing}: ${detail}`));
}
