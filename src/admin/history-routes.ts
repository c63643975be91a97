import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import { ApiError } from '../domain/api-error.js';
import { curlCommand } from '../lib/curl-command.js';
import type { RequestAsSent } from '../state/journal.js';
import type { Sandbox } from '../types.js';
import type { AdminRoute } from './admin-route.js';

const curlQuery = everyProblem(
  z.strictObject({
    key: z.enum(['placeholder', 'include'], { error: 'expected "placeholder" (the default: each secret header read from a shell variable, the key from $ESIM_API_KEY) or "include" (the secrets as sent)' }).optional(),
  }),
);

function seqOf(params: Record<string, string>): number {
  const text = params['seq']!;
  if (!/^\d{1,15}$/.test(text)) throw new ApiError('VALIDATION_ERROR', `seq: expected the seq of a journal entry, a whole number from 1, got "${text}"`);
  return Number(text);
}

function requestAsSent(sandbox: Sandbox, seq: number): RequestAsSent {
  const sent = sandbox.requestAsSent(seq);
  if (sent) return sent;
  throw new ApiError(
    'NOT_FOUND',
    `No request #${seq} with its headers and body kept: the journal keeps them for its latest requests only (serve --journal-bodies), and none for a marker row or a body cut at 64 KiB.`,
  );
}

/** Clearing the history removes its markers too; the numbers go on. */
export const historyRoutes: AdminRoute[] = [
  {
    method: 'DELETE',
    path: '/requests',
    handle: async ({ sandbox }) => {
      sandbox.clearHistory();
      return { cleared: true };
    },
  },
  {
    method: 'POST',
    path: '/requests/:seq/replay',
    handle: async ({ sandbox, params }) => {
      const seq = seqOf(params);
      requestAsSent(sandbox, seq);
      return sandbox.replay(seq);
    },
  },
  {
    method: 'GET',
    path: '/requests/:seq/curl',
    handle: async ({ sandbox, params, query, origin }) => {
      const { key = 'placeholder' } = parseInput(curlQuery, Object.fromEntries(query));
      const seq = seqOf(params);
      const sent = requestAsSent(sandbox, seq);
      // The first line names the request as the journal, the inspector and readiness do: `# request #3: POST /api/v1/createOrder`.
      const heading = `# request #${seq}: ${sent.method} ${sent.url}\n`;
      const curl = curlCommand({ ...sent, url: `${origin}${sent.url}` }, key === 'include' ? 'include' : 'variables');
      return { seq, command: heading + curl.command, variables: curl.variables };
    },
  },
];
