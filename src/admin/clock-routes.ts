import { z } from 'zod';
import { CLOCK_MODES } from '../state/clock.js';
import { everyProblem, parseInput } from '../api/parse-input.js';
import type { ClockAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';

const clockBody = everyProblem(
  z
    .strictObject({
      advanceMs: z.int().nonnegative().optional(),
      now: z.iso.datetime({ offset: true }).optional(),
      mode: z.enum(CLOCK_MODES, { error: 'expected "step" (a fixed step per answered request) or "wall" (real elapsed time)' }).optional(),
    })
    .refine((body) => !(body.advanceMs !== undefined && body.now !== undefined) && Object.keys(body).length > 0, {
      message:
        'expected exactly one of "advanceMs" (milliseconds to move forward) or "now" (an ISO 8601 date-time to set), ' +
        'and/or "mode" ("step" or "wall")',
    }),
);

export const clockRoutes: AdminRoute[] = [
  {
    method: 'POST',
    path: '/clock',
    takesBody: true,
    handle: async ({ sandbox, body }): Promise<ClockAnswer> => {
      const { advanceMs, now, mode } = parseInput(clockBody, await body());
      if (mode !== undefined) sandbox.setClockMode(mode);
      if (now !== undefined) sandbox.setClock(now);
      else if (advanceMs !== undefined) sandbox.advanceClock(advanceMs);
      return { now: sandbox.now(), mode: sandbox.clockMode };
    },
  },
];
