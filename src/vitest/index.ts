import './supported-node-check.js';
import { expect } from 'vitest';
import { toHaveReceived } from './to-have-received.js';
import type { ReceivedCriteria, RouteName } from './to-have-received.js';

expect.extend({ toHaveReceived });

export { createSandboxTest, DEFAULT_BASE_URL } from './sandbox-test.js';
export type { MswServer, SandboxTestOptions } from './sandbox-test.js';
export type { ReceivedCriteria, RouteName } from './to-have-received.js';
export type { MswSandbox } from '../msw/index.js';

declare module 'vitest' {
  interface Matchers<R, T> {
    /**
     * Requests to `route` matching every criterion: `times` of them, else at least one.
     * @example expect(sandbox).toHaveReceived('createOrder', { times: 1, status: 200, body: { quantity: 2 } })
     */
    toHaveReceived(route: RouteName, criteria?: ReceivedCriteria): R;
  }
}
