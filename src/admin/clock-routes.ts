import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import type { ClockAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';

const clockBody = everyProblem(
  z
    .strictObject({
      advanceMs: z.int().nonnegative().optional(),
      now: z.iso.datetime({ offset: true }).optional(),
    })
    .refine((body) => (body.advanceMs === undefined) !== (body.now === undefined), {
      message:
        'expected exactly one of "advanceMs" (milliseconds to move forward) or "now" (an ISO 8601 date-time to set)',
    }),
);

export const clockRoutes: AdminRoute[] = [
  {
    method: 'POST',
    path: '/clock',
    handle: async ({ sandbox, body }): Promise<ClockAnswer> => {
      const { advanceMs, now } = parseInput(clockBody, await body());
      if (now !== undefined) sandbox.setClock(now);
      else sandbox.advanceClock(advanceMs ?? 0);
      return { now: sandbox.now() };
    },
  },
];
