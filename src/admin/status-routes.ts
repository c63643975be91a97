import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import type { StreamedAnswer } from '../api/outcome.js';
import type { HealthAnswer, JournalAnswer, ReadinessAnswer, StateAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import { crossSiteRefusal, eventStream } from './event-stream.js';

const seqSchema = z.string().regex(/^\d{1,15}$/, 'expected the seq of a journal entry, a whole number from 0').transform(Number);

const limitSchema = z.string().regex(/^[1-9]\d{0,5}$/, 'expected how many entries, a whole number from 1 to 999999').transform(Number);

const journalQuery = everyProblem(
  z.strictObject({
    since: seqSchema.optional(),
    limit: limitSchema.optional(),
    include: z.literal('bodies', { error: 'expected "bodies" (each entry with its request and response headers and bodies)' }).optional(),
  }),
);

const eventsQuery = everyProblem(z.strictObject({ since: seqSchema.optional() }));

const health: AdminRoute<HealthAnswer> = {
  method: 'GET',
  path: '/health',
  handle: async ({ sandbox }) => ({ status: 'ok', scenario: sandbox.scenario.name, now: sandbox.now() }),
};

/** `?limit=<n>`: the oldest n entries after `since`. */
const requests: AdminRoute<JournalAnswer> = {
  method: 'GET',
  path: '/requests',
  handle: async ({ sandbox, query }) => {
    const { since, limit, include } = parseInput(journalQuery, Object.fromEntries(query));
    return sandbox.history({ since, limit, bodies: include === 'bodies' });
  },
};

/** `?since=<seq>` wins over `Last-Event-ID`. */
const events: AdminRoute<StreamedAnswer> = {
  method: 'GET',
  path: '/events',
  handle: async ({ sandbox, query, header, closing, streams }) => {
    const { since } = parseInput(eventsQuery, Object.fromEntries(query));
    const refused = crossSiteRefusal(header);
    if (refused) throw refused;
    const lastEventId = header('last-event-id');
    const resumed = lastEventId !== null && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
    return eventStream(sandbox, { since: since ?? resumed, closing, onEnd: streams.take() });
  },
};

const stateQuery = everyProblem(
  z.strictObject({
    format: z.enum(['summary', 'scenario'], { error: 'expected "scenario" (the state as a scenario file) or "summary" (the default)' }).optional(),
  }),
);

/** `?format=scenario`: the state as a scenario file, which reproduces every read once loaded with the same seed. */
const state: AdminRoute<StateAnswer | ScenarioFile> = {
  method: 'GET',
  path: '/state',
  handle: async ({ sandbox, query }) => {
    const { format } = parseInput(stateQuery, Object.fromEntries(query));
    return format === 'scenario' ? sandbox.exportScenario() : sandbox.state();
  },
};

const readinessQuery = everyProblem(
  z.strictObject({
    key: z.string().min(1, 'expected the API key of the client to grade, as it sends it in x-api-key').max(200, 'expected an API key of at most 200 characters').optional(),
  }),
);

const readiness: AdminRoute<ReadinessAnswer> = {
  method: 'GET',
  path: '/readiness',
  handle: async ({ sandbox, query }) => {
    const { key } = parseInput(readinessQuery, Object.fromEntries(query));
    return sandbox.readiness(key === undefined ? {} : { key });
  },
};

export const statusRoutes: AdminRoute[] = [health, requests, events, state, readiness];
