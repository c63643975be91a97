import { maskSecrets, redactSecrets } from '../lib/mask-api-key.js';
import type { CliIo } from './cli-io.js';

/**
 * The streams of a command that was given keys or tokens: each is masked in whatever it writes, as the journal
 * masks them, so that a server echoing one in its message does not get it printed. What looks like a key
 * (`sk_…`, `Bearer <token>`) is masked too, on stderr always and on stdout unless `stdout: 'given'` (export's
 * scenario on stdout holds the API keys on purpose).
 */
export function maskedIo(io: CliIo, secrets: readonly unknown[], options: { stdout?: 'all' | 'given' } = {}): CliIo {
  const given = secrets.filter((secret): secret is string => typeof secret === 'string');
  return {
    ...io,
    stdout: { write: (text: string) => io.stdout.write(options.stdout === 'given' ? maskSecrets(text, given) : redactSecrets(text, given)) },
    stderr: { write: (text: string) => io.stderr.write(redactSecrets(text, given)) },
  };
}
