import { ApiError } from '../domain/api-error.js';
import { adoptResolved } from '../scenarios/load-scenario.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import type { SandboxHost, SandboxSession } from '../sessions/sandbox-host.js';
import type { DeletedAnswer, SessionAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';
import { SessionRequestChecker } from './session-request-thread.js';

/** The session routes, and each of `perSession` again under `/sessions/:sessionId`, on that session's sandbox. */
export function sessionRoutes(host: SandboxHost, perSession: readonly AdminRoute[]): AdminRoute[] {
  const requests = new SessionRequestChecker();
  return [
    {
      method: 'POST',
      path: '/sessions',
      takesBody: true,
      handle: async ({ origin, bodyText, scenarioFiles, memory, closing }) => {
        const { bytes, seed, scenario, problems } = await requests.check(await bodyText(), scenarioFiles, closing);
        memory.checkSession(bytes);
        if (problems) throw new ScenarioError(problems);
        // Resolved on another thread, it arrives as a copy: taken as resolved, it is not validated again.
        const session = host.createSession({ scenario: scenario && adoptResolved(scenario), seed });
        return describeSession(session, origin);
      },
    },
    {
      method: 'GET',
      path: '/sessions',
      handle: async ({ origin }) => host.sessions().map((session) => describeSession(session, origin)),
    },
    {
      method: 'GET',
      path: '/sessions/:sessionId',
      handle: async ({ origin, params }) => describeSession(sessionOf(host, params['sessionId']!), origin),
    },
    {
      method: 'DELETE',
      path: '/sessions/:sessionId',
      handle: async ({ params }): Promise<DeletedAnswer> => {
        const { id } = sessionOf(host, params['sessionId']!);
        host.deleteSession(id);
        return { id, deleted: true };
      },
    },
    ...perSession.map(
      (route): AdminRoute => ({
        ...route,
        path: `/sessions/:sessionId${route.path}`,
        handle: async (context) => {
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

function describeSession(session: SandboxSession, origin: string): SessionAnswer {
  return {
    id: session.id,
    scenario: session.sandbox.scenario.name,
    apiKeys: session.apiKeys(),
    baseUrl: `${origin}/api/v1`,
  };
}
