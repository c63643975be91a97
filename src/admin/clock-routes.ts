import { z } from 'zod';
import { ApiError } from '../domain/api-error.js';
import { CLOCK_MODES } from '../state/clock.js';
import { CLOCK_RANGE_TEXT, ClockRangeError } from '../contract/clock-range.js';
import { everyProblem, parseInput } from '../api/parse-input.js';
import type { ClockAnswer } from './admin-answers.js';
import type { AdminRoute } from './admin-route.js';

const clockBody = everyProblem(
  z
    .strictObject({
      // Any number: the clock says which ones keep it in its range (src/contract/clock-range.ts).
      advanceMs: z.number({ error: `expected a whole number of milliseconds that keeps the sandbox clock within ${CLOCK_RANGE_TEXT}` }).optional(),
      now: z.iso.datetime({ offset: true, error: `expected an ISO 8601 date-time from ${CLOCK_RANGE_TEXT}` }).optional(),
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
      // The time is moved first: a move the clock's range refuses leaves the mode as it was too.
      try {
        if (now !== undefined) sandbox.setClock(now);
        else if (advanceMs !== undefined) sandbox.advanceClock(advanceMs);
      } catch (error) {
        if (error instanceof ClockRangeError) throw new ApiError('VALIDATION_ERROR', `${now !== undefined ? 'now' : 'advanceMs'}: ${error.rule}`);
        throw error;
      }
      if (mode !== undefined) sandbox.setClockMode(mode);
      return { now: sandbox.now(), mode: sandbox.clockMode };
    },
  },
];
