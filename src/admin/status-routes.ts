import type { HealthAnswer, JournalAnswer, ReadinessAnswer, StateAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';
import type { JournalEntry } from '../state/journal.js';
import { ApiError } from '../domain/api-error.js';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';

const health: AdminRoute<HealthAnswer> = {
  method: 'GET',
  path: '/health',
  handle: ({ sandbox }) => ({ status: 'ok', scenario: sandbox.scenario.name, now: sandbox.now() }),
};

const requests: AdminRoute<JournalAnswer> = { method: 'GET', path: '/requests', handle: ({ sandbox }) => sandbox.requests.map(withoutBody) };

/** `?format=scenario`: the state as a scenario file, which reproduces every read once loaded with the same seed. */
const state: AdminRoute<StateAnswer | ScenarioFile> = {
  method: 'GET',
  path: '/state',
  handle: ({ sandbox, query }) => {
    const format = query.get('format');
    if (format === 'scenario') return sandbox.exportScenario();
    if (format === null || format === 'summary') return sandbox.state();
    throw new ApiError(
      'VALIDATION_ERROR',
      `format must be "scenario" (the state as a scenario file) or "summary" (the default) (got ${JSON.stringify(format)})`,
    );
  },
};

const readiness: AdminRoute<ReadinessAnswer> = { method: 'GET', path: '/readiness', handle: ({ sandbox }) => sandbox.readiness() };

export const statusRoutes: AdminRoute[] = [health, requests, state, readiness];

/** Request bodies stay in process (`sandbox.requests`, the test matchers); over HTTP the journal lists the requests only. */
function withoutBody({ body: _body, ...entry }: JournalEntry): Omit<JournalEntry, 'body'> {
  return entry;
}
