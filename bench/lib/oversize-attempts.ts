// One POST of an oversize body to createOrder, on a new connection, by Node's fetch or by curl; each
// resolves to 'ok' when the 413 PAYLOAD_TOO_LARGE envelope was read, else to what went wrong (EPIPE,
// `curl exit 55`, `status 400`). Shared by bench/oversize-bodies.ts and the suite.
import { execFile } from 'node:child_process';
import { KEY } from '../sections/paths.ts';

const HEADERS = { 'x-api-key': KEY, 'content-type': 'application/json' };

/** 'ok' when the 413 envelope was read, else what went wrong. */
function verdict(status: number, body: string): string {
  if (status !== 413) return `status ${status}`;
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code === 'PAYLOAD_TOO_LARGE' ? 'ok' : 'not the envelope';
  } catch {
    return 'not the envelope';
  }
}

export async function fetchAttempt(url: string, bytes: number, chunked: boolean): Promise<string> {
  const body = chunked ? chunkedStream(bytes) : Buffer.alloc(bytes, 0x20);
  try {
    const response = await fetch(url, { method: 'POST', headers: HEADERS, body, duplex: 'half' } as RequestInit);
    return verdict(response.status, await response.text());
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? String(error);
  }
}

/** `bytes` of spaces in 64 KiB chunks, with no declared length: fetch sends it chunked. */
export function chunkedStream(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

export function curlAttempt(url: string, file: string, chunked: boolean): Promise<string> {
  const args = ['-sS', '-o', '-', '-w', '\n%{http_code}', '-H', `x-api-key: ${KEY}`, '-H', 'content-type: application/json'];
  if (chunked) args.push('-H', 'transfer-encoding: chunked');
  args.push('--data-binary', `@${file}`, url);
  return new Promise((resolve) => {
    execFile('curl', args, { maxBuffer: 1024 * 1024 }, (error, stdout) => {
      if (error) return resolve(`curl exit ${(error as { code?: number }).code}`);
      const at = stdout.lastIndexOf('\n');
      resolve(verdict(Number(stdout.slice(at + 1)), stdout.slice(0, at)));
    });
  });
}
