import { redactApiKeys } from './mask-api-key.js';

/** API keys masked. For failures that must not reach a client's answer. */
export function logFailure(doing: string, thrown: unknown, log: (message: string) => void = console.error): void {
  const detail = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  log(redactApiKeys(doing === '' ? detail : `${doing}: ${detail}`));
}
