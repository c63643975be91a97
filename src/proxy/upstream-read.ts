import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { codingsOf, decodersFor, MAX_CODINGS } from '../client/decoders.js';
import { answerHasBody } from '../client/http-headers.js';
import { describeNetworkError } from '../client/network-error.js';
import { bomb, contentEncoding, describeBodyError, tooLarge, tooManyCodings } from '../client/read-messages.js';
import type { Stopped } from './in-flight.js';
import type { Upstream } from './upstream.js';

/** `headers` is Node's plain record, with lower-case names. */
export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body's bytes as they came (unpacked when compressed): what is passed back. */
  bytes: Buffer;
  /** The bytes read as UTF-8, for the contract check and the journal. */
  text: string;
}

/** Why no answer could be read: `cancelled` when the server's stop cut the forward short. */
export class UpstreamFailure extends Error {
  override name = 'UpstreamFailure';

  constructor(
    readonly kind: 'unreachable' | 'unreadable' | 'timeout' | 'cancelled',
    message: string,
  ) {
    super(message);
  }
}

const TIMED_OUT = Object.assign(new Error('the upstream did not answer in time'), { name: 'TimeoutError' });

/**
 * Reads the answer within the upstream's bounds (the body counted after decompression, `timeoutMs` by `InFlight`),
 * a redirect returned as it is; every failure rejects with an UpstreamFailure. Apart from the client commands' reader
 * (src/client/http-read.ts) so that no URL, signal or Headers is made per request: bench (proxy section, getBalance,
 * five runs at load 5–9), the proxy's CPU per request went from ~111 µs (0.47× a minimal node:http proxy) to 74–79 µs
 * (0.73–0.75×) with this path and the memo of checked answers (upstream-problems.ts).
 */
export function readUpstream(upstream: Upstream, method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let received = 0;
    let response: IncomingMessage | undefined;
    let decoders: Transform[] = [];
    let encoding: string | undefined;
    let settled = false;

    const settle = () => {
      settled = true;
      upstream.inFlight.delete(flight);
    };
    const fail = (kind: UpstreamFailure['kind'], message: string) => {
      if (settled) return;
      settle();
      chunks = [];
      request.destroy();
      response?.destroy();
      decoders.forEach((decoder) => decoder.destroy());
      reject(new UpstreamFailure(kind, message));
    };
    const limits = { timeoutMs: upstream.timeoutMs, maxBodyBytes: upstream.maxBodyBytes, urlOption: '--upstream' };
    const failWith = (error: unknown, kind?: UpstreamFailure['kind']) =>
      response
        ? fail(kind ?? 'unreadable', describeBodyError(error, upstream.urlOf(path), received, encoding, limits))
        : fail(kind ?? 'unreachable', describeNetworkError(error, upstream.urlOf(path), upstream.timeoutMs, undefined, '--upstream'));
    const stopped = (why: Stopped) =>
      why === 'timeout' ? failWith(TIMED_OUT, 'timeout') : fail('cancelled', `the proxy stopped while ${upstream.origin} was answering, and cancelled the request`);
    const tooMuch = (message: string) => fail('unreadable', message);

    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > upstream.maxBodyBytes) {
        const url = upstream.urlOf(path);
        return tooMuch(encoding ? bomb(url, upstream.maxBodyBytes, encoding) : tooLarge(url, upstream.maxBodyBytes));
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (settled) return;
      settle();
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
      resolve({ status: response!.statusCode ?? 0, headers: response!.headers, bytes, text: bytes.toString('utf8') });
    };
    const onResponse = (answer: IncomingMessage) => {
      response = answer;
      answer.on('error', failWith);
      encoding = contentEncoding(answer.headers['content-encoding']);
      if (encoding === undefined) {
        const declared = Number(answer.headers['content-length']);
        if (declared > upstream.maxBodyBytes) return tooMuch(tooLarge(upstream.urlOf(path), upstream.maxBodyBytes, declared));
        answer.on('data', onData);
        answer.on('end', onEnd);
        return;
      }
      const codings = codingsOf(encoding).length;
      if (codings > MAX_CODINGS) return tooMuch(tooManyCodings(upstream.urlOf(path), codings, MAX_CODINGS));
      decoders = answerHasBody(method, answer.statusCode) ? decodersFor(encoding) : [];
      let source: Readable = answer;
      for (const decoder of decoders) {
        decoder.on('error', failWith);
        source = source.pipe(decoder);
      }
      source.on('data', onData);
      source.on('end', onEnd);
    };

    const flight = upstream.inFlight.add(stopped);
    const options = upstream.requestOptions;
    options.method = method;
    options.path = path;
    options.headers = headers;
    let request: ReturnType<Upstream['request']>;
    try {
      request = upstream.request(options);
    } catch (error) {
      settle();
      reject(new UpstreamFailure('unreachable', describeNetworkError(error, upstream.urlOf(path), upstream.timeoutMs, undefined, '--upstream')));
      return;
    }
    request.on('error', failWith);
    request.on('response', onResponse);
    request.end(body);
  });
}
