import { z } from 'zod';
import type { AdminRoute } from './admin-route.js';
import { parseInput } from './validation.js';

const clockBody = z
  .strictObject({
    advanceMs: z.int().nonnegative().optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((body) => (body.advanceMs === undefined) !== (body.now === undefined), {
    message:
      'expected exactly one of "advanceMs" (milliseconds to move forward) or "now" (an ISO 8601 date-time to set)',
  });

export const clockRoutes: AdminRoute[] = [
  {
    method: 'POST',
    path: '/clock',
    handle: async ({ sandbox, body }) => {
      const { advanceMs, now } = parseInput(clockBody, await body());
      if (now !== undefined) sandbox.setClock(now);
      else sandbox.advanceClock(advanceMs ?? 0);
      return { now: sandbox.now() };
    },
  },
];
