import { ApiError } from '../domain/api-error.js';
import { describeQueuedFault, type QueuedFault, type QueuedFaultInput } from '../domain/queued-fault.js';
import type { AdminRoute } from './admin-route.js';

function described(fault: QueuedFault) {
  return { ...fault, description: describeQueuedFault(fault) };
}

/** A queued fault is a marker row in the history: its `seq` is the fault's `id`. */
export const faultRoutes: AdminRoute[] = [
  {
    method: 'POST',
    path: '/faults',
    takesBody: true,
    // The sandbox checks the fault, as it does for a caller in process.
    handle: async ({ sandbox, body }) => described(await sandbox.queueFault((await body()) as QueuedFaultInput)),
  },
  {
    method: 'GET',
    path: '/faults',
    handle: async ({ sandbox }) => (await sandbox.queuedFaults()).map(described),
  },
  {
    method: 'DELETE',
    path: '/faults/:id',
    handle: async ({ sandbox, params }) => {
      const text = params['id']!;
      const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
      if (!(await sandbox.cancelFault(id))) {
        throw new ApiError('NOT_FOUND', `No queued fault ${JSON.stringify(text)}: it was used, taken back, or never queued. GET /__sandbox/faults lists those waiting.`);
      }
      return { id, deleted: true };
    },
  },
];
