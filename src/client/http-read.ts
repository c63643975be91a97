import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { BoundedResponse, ReadLimits } from './read-limits.js';
import { codingsOf, decodersFor, MAX_CODINGS } from './decoders.js';
import { answerHasBody, headersOf, requestHeaders } from './http-headers.js';
import { describeNetworkError, ServiceUnreachable } from './network-error.js';
import { bomb, contentEncoding, describeBodyError, tooLarge, tooManyCodings } from './read-messages.js';

/**
 * boundedFetch over node:http / node:https. Each chunk is counted (after decompression) and kept only while the
 * total stays within the limit; past it every stream is destroyed at once and the kept chunks let go, so a 1 GiB
 * body or a gzip bomb costs little more than the limit (fetch copies each chunk, and the copies wait for the GC).
 */
export function httpRead(url: URL, init: RequestInit, limits: ReadLimits, signal: AbortSignal): Promise<BoundedResponse> {
  return new Promise((resolve, reject) => {
    const streams: { destroy(): void }[] = [];
    let chunks: Buffer[] = [];
    let received = 0;
    let answered = false;
    let encoding: string | undefined;
    let settled = false;

    const settle = () => {
      settled = true;
      signal.removeEventListener('abort', onAbort);
      chunks = [];
      streams.forEach((stream) => stream.destroy());
    };
    const fail = (message: string) => {
      if (settled) return;
      settle();
      reject(new ServiceUnreachable(message, { answered }));
    };
    const failWith = (error: unknown) =>
      fail(
        answered
          ? describeBodyError(error, url, received, encoding, limits)
          : describeNetworkError(error, url, limits.timeoutMs, limits.timeoutName, limits.urlOption),
      );
    const onAbort = () => failWith(signal.reason);

    const onResponse = (response: IncomingMessage) => {
      answered = true;
      streams.push(response);
      response.on('error', failWith);
      encoding = contentEncoding(response.headers['content-encoding']);
      const declared = Number(response.headers['content-length']);
      if (!encoding && declared > limits.maxBodyBytes) return fail(tooLarge(url, limits.maxBodyBytes, declared));
      const codings = encoding ? codingsOf(encoding).length : 0;
      if (codings > MAX_CODINGS) return fail(tooManyCodings(url, codings, MAX_CODINGS));
      const decoders = encoding && answerHasBody(init.method, response.statusCode) ? decodersFor(encoding) : [];
      let source: Readable = response;
      for (const decoder of decoders) {
        streams.push(decoder);
        decoder.on('error', failWith);
        source = source.pipe(decoder);
      }
      source.on('data', (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > limits.maxBodyBytes) return fail(encoding ? bomb(url, limits.maxBodyBytes, encoding) : tooLarge(url, limits.maxBodyBytes));
        chunks.push(chunk);
      });
      source.on('end', () => {
        if (settled) return;
        const text = Buffer.concat(chunks).toString('utf8');
        settle();
        resolve({ status: response.statusCode ?? 0, headers: headersOf(response.rawHeaders), text });
      });
    };

    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const body = typeof init.body === 'string' ? init.body : undefined;
      const request = (url.protocol === 'https:' ? https : http).request(url, { method: init.method ?? 'GET', headers: requestHeaders(init.headers, body), ...(limits.ca !== undefined && { ca: limits.ca }) });
      streams.push(request);
      request.on('error', failWith);
      request.on('response', onResponse);
      request.end(body);
    } catch (error) {
      failWith(error);
    }
  });
}
