// A worker thread's entry: checks one session request (src/admin/session-request-thread.ts) and posts the
// outcome back as plain data, then ends.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../domain/api-error.js';
import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import { checkSessionRequest } from './session-request.js';
import type { WorkerReply } from './session-request-thread.js';

const { text, files } = workerData as { text: string; files: ScenarioFileAccess };

function reply(): WorkerReply {
  try {
    return { request: checkSessionRequest(text, files) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refusal: { code: error.code, message: error.message, status: error.status, headers: error.headers } };
  }
}

parentPort!.postMessage(reply());
