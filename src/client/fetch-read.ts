import type { BoundedResponse, ReadLimits } from './read-limits.js';
import { describeNetworkError, ServiceUnreachable } from './network-error.js';
import { bomb, contentEncoding, describeBodyError, tooLarge } from './read-messages.js';

/** boundedFetch over an injected fetch (an in-process target): the body read as a stream, abandoned past the limit. */
export async function fetchRead(fetcher: typeof fetch, url: URL, init: RequestInit, limits: ReadLimits, signal: AbortSignal): Promise<BoundedResponse> {
  const response = await fetcher(url, { ...init, redirect: 'manual', signal }).catch((error: unknown) => {
    throw new ServiceUnreachable(describeNetworkError(error, url, limits.timeoutMs, limits.timeoutName, limits.urlOption), { answered: false });
  });
  const declared = Number(response.headers.get('content-length'));
  const encoding = contentEncoding(response.headers.get('content-encoding'));
  if (!encoding && declared > limits.maxBodyBytes) {
    await response.body?.cancel().catch(() => {});
    throw new ServiceUnreachable(tooLarge(url, limits.maxBodyBytes, declared));
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
      received += chunk.value.byteLength;
      if (received > limits.maxBodyBytes) {
        await reader!.cancel().catch(() => {});
        throw new ServiceUnreachable(encoding ? bomb(url, limits.maxBodyBytes, encoding) : tooLarge(url, limits.maxBodyBytes));
      }
      chunks.push(chunk.value);
    }
  } catch (error) {
    throw error instanceof ServiceUnreachable ? error : new ServiceUnreachable(describeBodyError(error, url, received, encoding, limits));
  }
  return { status: response.status, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') };
}
