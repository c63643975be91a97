/**
 * Why a request got no answer, in words that say what to check. node:http rejects with the system error
 * itself, `fetch` with a TypeError ("fetch failed") whose `cause` carries it; a timeout is the AbortSignal's
 * TimeoutError.
 */
export class ServiceUnreachable extends Error {
  override name = 'ServiceUnreachable';
  /** Whether the server had begun its answer (a status line came): false when it could not be reached at all. */
  readonly answered: boolean;

  constructor(message: string, options: { answered?: boolean } = {}) {
    super(message);
    this.answered = options.answered ?? true;
  }
}

const OPENSSL_LINE = /(?:^|\s)[0-9A-F]+:error:[0-9A-F]+:[^:]*:[^:]*:([^:]+):/;
const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|EPROTO$|HOSTNAME_MISMATCH$)/;

export function describeNetworkError(error: unknown, url: URL, timeoutMs: number, timeoutName?: string, urlOption = '--base-url'): string {
  const where = `${url.protocol}//${url.host}`;
  if (isTimeout(error)) {
    if (timeoutName) return `no answer from ${where} within ${timeoutName} (${url.pathname}): the time budget is spent; raise --budget or check the address`;
    return `no answer from ${where} within ${seconds(timeoutMs)} (${url.pathname}): the service is slow or does not answer; raise --timeout or check the address`;
  }
  const cause = causeOf(error);
  const code = cause?.code ?? '';
  const detail = cause?.message ?? (error instanceof Error ? error.message : String(error));
  if (code === 'ECONNREFUSED') {
    return `cannot connect to ${where}: connection refused. Is the service running there, and are the host and port of ${urlOption} right?`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    return `cannot resolve the host name "${url.hostname}" (DNS: ${code}). Check the host of ${urlOption}, and the network or VPN that reaches it`;
  }
  if (TLS_CODES.test(code) || /\b(SSL|TLS|certificate)\b/i.test(detail)) {
    return (
      `the TLS handshake with ${where} failed: ${firstLine(detail)} (${code || 'TLS'}). ` +
      (code === 'ERR_SSL_WRONG_VERSION_NUMBER'
        ? `The port seems to speak plain HTTP: try http:// in ${urlOption}`
        : 'If its certificate comes from a private CA, give that CA with NODE_EXTRA_CA_CERTS=<ca.pem>; if the service speaks plain HTTP, use http://')
    );
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return `${where} closed the connection before answering (${code}): is ${urlOption} an HTTP service, and is it healthy?`;
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `cannot reach ${where} (${code}): check the address of ${urlOption} and the network in between`;
  }
  if (detail === 'bad port') {
    return `fetch refuses to connect to port ${url.port} (a port browsers and fetch block); serve the API on another port`;
  }
  return `the request to ${where}${url.pathname} failed: ${firstLine(detail)}${code ? ` (${code})` : ''}`;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function causeOf(error: unknown): { code?: string; message?: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = (error as { cause?: unknown }).cause;
  const source = cause instanceof Error ? cause : error;
  const code = (source as { code?: unknown }).code;
  const reason = code === 'EPROTO' ? OPENSSL_LINE.exec(source.message)?.[1] : undefined;
  // node:tls says `write EPROTO <OpenSSL line>` where fetch says ERR_SSL_<REASON>: both read alike.
  if (reason) return { message: reason, code: `ERR_SSL_${reason.toUpperCase().replace(/\W+/g, '_')}` };
  return { message: source.message, ...(typeof code === 'string' && { code }) };
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The first line of a message; of an OpenSSL error line, only its reason ("wrong version number"). */
function firstLine(text: string): string {
  const line = text.split('\n')[0]!.trim();
  return OPENSSL_LINE.exec(line)?.[1] ?? line;
}
