import { existsSync } from 'node:fs';
import { inSingleExecutable, readPackageText } from '../lib/package-files.js';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import { ApiError, type ErrorCode } from '../domain/api-error.js';
import { SerialQueue } from '../lib/serial-queue.js';
import type { ScenarioFileAccess } from '../scenarios/scenario-file-access.js';
import { checkSessionRequest, receivePieces, type SessionRequest } from './session-request.js';

export type WorkerReply =
  | { request: SessionRequest }
  | { refusal: { code: ErrorCode; message: string; status: number; headers: Record<string, string> } };

/**
 * Below this many characters a body is checked on the server's own thread: the default scenario loads in
 * ~15 ms, less than a worker takes to start. A 7.6 MB scenario takes ~1 s to parse, check and resolve,
 * which held every other request that long.
 */
const IN_PLACE_BELOW = 64 * 1024;
/** Requests waiting for the worker, besides the one it checks; each holds a body of up to 8 MiB. */
const MAX_WAITING = 3;
/**
 * The heap a worker may grow to. A 7.6 MB scenario takes ~250 MiB to check; 8 MiB of entities that are each
 * wrong (4 million problems) took 2 GiB and 8 s before this bound.
 */
const WORKER_HEAP_MIB = 512;

/**
 * The worker's script, from dist/admin/ as from the bundled command in dist/bin/ (a sibling folder). Absent
 * when this code runs from its TypeScript source: then in place.
 */
const WORKER_FILE = new URL('../admin/session-request-worker.js', import.meta.url);
/** The single-file executable carries the worker as one script (scripts/build-binary.ts), run as code. */
const WORKER_SCRIPT = new URL('../admin/session-request-worker.cjs', import.meta.url);

function workerSource(): { file: URL } | { script: string } | undefined {
  if (inSingleExecutable) {
    try {
      return { script: readPackageText(fileURLToPath(WORKER_SCRIPT)) };
    } catch {
      return undefined;
    }
  }
  return WORKER_FILE.protocol === 'file:' && existsSync(fileURLToPath(WORKER_FILE)) ? { file: WORKER_FILE } : undefined;
}
const WORKER_SOURCE = workerSource();

/** Checks a large session request in a worker thread, one at a time; the same `checkSessionRequest` runs either way. */
export class SessionRequestChecker {
  readonly #queue = new SerialQueue();
  #waiting = 0;

  constructor(readonly useWorker: boolean = WORKER_SOURCE !== undefined) {}

  async check(text: string, files: ScenarioFileAccess, closing: AbortSignal): Promise<SessionRequest> {
    if (!this.useWorker || text.length < IN_PLACE_BELOW) return checkSessionRequest(text, files);
    if (this.#waiting > MAX_WAITING) {
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `${this.#waiting} large session requests are being checked or waiting, the most this server holds at once: ` +
          'send this one again once they are answered (Retry-After).',
        { headers: { 'retry-after': '1' } },
      );
    }
    this.#waiting += 1;
    try {
      return await this.#queue.run(() => inWorker(text, files, closing));
    } finally {
      this.#waiting -= 1;
    }
  }
}

function inWorker(text: string, files: ScenarioFileAccess, closing: AbortSignal): Promise<SessionRequest> {
  if (closing.aborted) return Promise.reject(shuttingDown());
  return new Promise((resolve, reject) => {
    const { port1, port2 } = new MessageChannel();
    const source = WORKER_SOURCE ?? { file: WORKER_FILE };
    const worker = new Worker('file' in source ? source.file : source.script, {
      eval: 'script' in source,
      workerData: { text, files, pieces: port2 },
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MIB },
    });
    const stop = () => {
      port1.close();
      reject(shuttingDown());
      void worker.terminate();
    };
    closing.addEventListener('abort', stop, { once: true });
    // Once the answer is here the worker is done: a shutdown from then on lets the pieces be received.
    worker.once('message', (reply: WorkerReply) => {
      closing.removeEventListener('abort', stop);
      if ('refusal' in reply) {
        port1.close();
        const { code, message, status, headers } = reply.refusal;
        return reject(new ApiError(code, message, { status, headers }));
      }
      const { request } = reply;
      if (!request.scenario) return port1.close(), resolve(request);
      resolve(receivePieces(request.scenario, port1).then((scenario) => ({ ...request, scenario })));
    });
    worker.once('error', (error: NodeJS.ErrnoException) => {
      port1.close();
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooCostly() : error);
    });
    worker.once('exit', (exitCode) => {
      closing.removeEventListener('abort', stop);
      reject(new Error(`the worker checking a session request ended (exit code ${exitCode}) without an answer`));
    });
  });
}

function shuttingDown(): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', 'The server is shutting down: the session was not created. Create it again on a running server.');
}

function tooCostly(): ApiError {
  return new ApiError(
    'PAYLOAD_TOO_LARGE',
    `Checking this inline scenario took more than the ${WORKER_HEAP_MIB} MiB of memory a scenario may take to check: ` +
      'it has too many entities, or too many of them are wrong. Send a smaller scenario, or check it first with `esim-sandbox scenarios validate <file>`.',
  );
}
