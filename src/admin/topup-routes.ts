import { z } from 'zod';
import { everyProblem, parseInput } from '../api/parse-input.js';
import { scenarioSchemas } from '../scenarios/scenario-schema.js';
import type { AdminRoute } from './admin-route.js';

const topupBody = everyProblem(
  z
    .strictObject({
      apiKey: z.string().min(1).optional(),
      accountId: z.string().min(1).optional(),
      amountThb: z.number().positive().max(100_000_000).multipleOf(0.01),
      paymentMethod: scenarioSchemas().paymentMethod.optional(),
    })
    .refine((body) => (body.apiKey === undefined) !== (body.accountId === undefined), {
      message: 'expected exactly one of "apiKey" or "accountId", the wallet to credit',
    }),
);

export const topupRoutes: AdminRoute[] = [
  {
    method: 'POST',
    path: '/topups',
    takesBody: true,
    handle: async ({ sandbox, body }) => sandbox.topup(parseInput(topupBody, await body())),
  },
];

