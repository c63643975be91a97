// A worker thread's entry: checks one session request (src/admin/session-request-thread.ts) and posts the
// outcome back as plain data (a resolved scenario's long lists in pieces), then ends.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { ApiError } from '../domain/api-error.js';
import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import { checkSessionRequest, sendInPieces } from './session-request.js';
import type { WorkerReply } from './session-request-thread.js';

const { text, files, pieces } = workerData as { text: string; files: ScenarioFileAccess; pieces: MessagePort };

function reply(): WorkerReply {
  try {
    const request = checkSessionRequest(text, files);
    return { request: request.scenario ? { ...request, scenario: sendInPieces(request.scenario, pieces) } : request };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refusal: { code: error.code, message: error.message, status: error.status, headers: error.headers } };
  }
}

parentPort!.postMessage(reply());
