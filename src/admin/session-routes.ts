import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import { ApiError } from '../domain/api-error.js';
import { loadScenario } from '../scenarios/load-scenario.js';
import type { ScenarioFile } from '../scenarios/scenario-schema.js';
import type { SandboxHost, SandboxSession } from '../sessions/sandbox-host.js';
import type { DeletedSessionAnswer, SessionAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';
import { inlineScenarioBytes } from './inline-scenario-size.js';
import { scenarioNameSchema } from './scenario-name.js';

// The scenario is checked by its own loader, with pointers into it; the body came from JSON.parse, so it is JSON
// already (checking each value again took 1 s of a 7.6 MB scenario, with every other request waiting).
const createSessionBody = everyProblem(
  z.strictObject({
    scenario: z.union([scenarioNameSchema, z.record(z.string(), z.unknown())]).optional(),
    seed: z.int().nonnegative().optional(),
  }),
);

/**
 * `/sessions` (create, list), `/sessions/:sessionId` (show, delete), and each of `perSession` again under
 * `/sessions/:sessionId`, acting on that session's sandbox.
 */
export function sessionRoutes(host: SandboxHost, perSession: readonly AdminRoute[]): AdminRoute[] {
  return [
    {
      method: 'POST',
      path: '/sessions',
      handle: async ({ origin, body, scenarioFiles, memory }) => {
        const { scenario, seed } = parseInput(createSessionBody, await body());
        memory.checkSession(inlineScenarioBytes(scenario, scenarioFiles));
        const resolved = scenario === undefined ? undefined : loadScenario(scenario as string | ScenarioFile, scenarioFiles);
        const session = host.createSession({ scenario: resolved, seed });
        return describeSession(session, origin);
      },
    },
    {
      method: 'GET',
      path: '/sessions',
      handle: ({ origin }) => host.sessions().map((session) => describeSession(session, origin)),
    },
    {
      method: 'GET',
      path: '/sessions/:sessionId',
      handle: ({ origin, params }) => describeSession(sessionOf(host, params['sessionId']!), origin),
    },
    {
      method: 'DELETE',
      path: '/sessions/:sessionId',
      handle: ({ params }): DeletedSessionAnswer => {
        const { id } = sessionOf(host, params['sessionId']!);
        host.deleteSession(id);
        return { id, deleted: true };
      },
    },
    ...perSession.map(
      (route): AdminRoute => ({
        method: route.method,
        path: `/sessions/:sessionId${route.path}`,
        handle: (context) => {
          const session = sessionOf(host, context.params['sessionId']!);
          return route.handle({ ...context, sandbox: session.sandbox, closing: AbortSignal.any([context.closing, session.ended]) });
        },
      }),
    ),
  ];
}

function sessionOf(host: SandboxHost, id: string): SandboxSession {
  const session = host.session(id);
  if (session) return session;
  throw new ApiError(
    'NOT_FOUND',
    `No session "${id}": it was never created or has been deleted. GET /__sandbox/sessions lists the live sessions.`,
  );
}

/** What the session routes answer for a session: its keys, and the base URL on the server's own origin to send them to. */
function describeSession(session: SandboxSession, origin: string): SessionAnswer {
  return {
    id: session.id,
    scenario: session.sandbox.scenario.name,
    apiKeys: session.apiKeys(),
    baseUrl: `${origin}/api/v1`,
  };
}
