import { createSandbox } from '../sandbox.js';
import type { ScenarioSource } from '../types.js';
import { answerOf, UNKNOWN_KEY, type Target } from './exchange.js';

const BASE_URL = 'http://sandbox.invalid/api/v1';

/**
 * A sandbox answering in-process, asked with `apiKey` as the caller: the `default` scenario gives the
 * sandbox's own answers to compare a deployment with; a recorded scenario, the answers it will give.
 */
export function sandboxTarget(scenario: ScenarioSource, apiKey: string): Target {
  const sandbox = createSandbox({ scenario });
  return {
    async send(request) {
      const headers = new Headers({ accept: 'application/json' });
      if (request.key !== 'none') headers.set('x-api-key', request.key === 'caller' ? apiKey : UNKNOWN_KEY);
      if (request.body !== undefined) headers.set('content-type', 'application/json');
      const response = await sandbox.fetch(
        new Request(BASE_URL + request.path, {
          method: request.method,
          headers,
          ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
        }),
      );
      return answerOf(response.status, response.headers, await response.text());
    },
  };
}

/** The key of the `default` scenario that has every scope. */
export const DEFAULT_SCENARIO_KEY = 'sk_test_full_access';
