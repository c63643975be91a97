import type { HealthAnswer, JournalAnswer, ReadinessAnswer, StateAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';

const health: AdminRoute<HealthAnswer> = {
  method: 'GET',
  path: '/health',
  handle: ({ sandbox }) => ({ status: 'ok', scenario: sandbox.scenario.name, now: sandbox.now() }),
};

const requests: AdminRoute<JournalAnswer> = { method: 'GET', path: '/requests', handle: ({ sandbox }) => sandbox.requests };

const state: AdminRoute<StateAnswer> = { method: 'GET', path: '/state', handle: ({ sandbox }) => sandbox.state() };

const readiness: AdminRoute<ReadinessAnswer> = { method: 'GET', path: '/readiness', handle: ({ sandbox }) => sandbox.readiness() };

export const statusRoutes: AdminRoute[] = [health, requests, state, readiness];
