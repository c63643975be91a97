import type { JournalEntry } from '../state/journal.js';
import type { AdminRoute } from './admin-route.js';

export const statusRoutes: AdminRoute[] = [
  {
    method: 'GET',
    path: '/health',
    handle: ({ sandbox }) => ({ status: 'ok', scenario: sandbox.scenario.name, now: sandbox.now() }),
  },
  { method: 'GET', path: '/requests', handle: ({ sandbox }) => sandbox.requests.map(withoutBody) },
  { method: 'GET', path: '/state', handle: ({ sandbox }) => sandbox.state() },
];

/** Request bodies stay in process (`sandbox.requests`, the test matchers); over HTTP the journal lists the requests only. */
function withoutBody({ body: _body, ...entry }: JournalEntry): Omit<JournalEntry, 'body'> {
  return entry;
}
