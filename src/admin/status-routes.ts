import type { AdminRoute } from './admin-route.js';

export const statusRoutes: AdminRoute[] = [
  {
    method: 'GET',
    path: '/health',
    handle: ({ sandbox }) => ({ status: 'ok', scenario: sandbox.scenario.name, now: sandbox.now() }),
  },
  { method: 'GET', path: '/requests', handle: ({ sandbox }) => sandbox.requests },
  { method: 'GET', path: '/state', handle: ({ sandbox }) => sandbox.state() },
  { method: 'GET', path: '/readiness', handle: ({ sandbox }) => sandbox.readiness() },
];
