import type { HealthAnswer, JournalAnswer, StateAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';
import type { JournalEntry } from '../state/journal.js';

const health: AdminRoute<HealthAnswer> = {
  method: 'GET',
  path: '/health',
  handle: ({ sandbox }) => ({ status: 'ok', scenario: sandbox.scenario.name, now: sandbox.now() }),
};

const requests: AdminRoute<JournalAnswer> = { method: 'GET', path: '/requests', handle: ({ sandbox }) => sandbox.requests.map(withoutBody) };

const state: AdminRoute<StateAnswer> = { method: 'GET', path: '/state', handle: ({ sandbox }) => sandbox.state() };

export const statusRoutes: AdminRoute[] = [health, requests, state];

/** Request bodies stay in process (`sandbox.requests`, the test matchers); over HTTP the journal lists the requests only. */
function withoutBody({ body: _body, ...entry }: JournalEntry): Omit<JournalEntry, 'body'> {
  return entry;
}
