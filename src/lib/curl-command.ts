/** A request as a curl command is made of. */
export interface CurlRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  headers: readonly (readonly [name: string, value: string])[];
  body: string | undefined;
}

/** Headers curl sets itself, or that belong to the connection or the browser rather than to the request. */
const LEFT_OUT = /^(host|content-length|connection|keep-alive|transfer-encoding|accept-encoding|user-agent|sec-.*|priority)$/;

/**
 * The request as a shell command. Each header `secretVariable` names (the API key) is written as a shell variable
 * (`"x-api-key: $ESIM_API_KEY"`) instead of its value, so a command pasted into a ticket carries no key; set the
 * variable, or pass no `secretVariable`, to run it as sent.
 */
export function curlCommand(request: CurlRequest, secretVariable: (header: string) => string | undefined = () => undefined): string {
  const parts = ['curl -sS'];
  if (request.method !== 'GET' || request.body) parts.push(`-X ${request.method}`);
  parts.push(shellQuote(request.url));
  for (const [name, value] of request.headers) {
    if (LEFT_OUT.test(name)) continue;
    const variable = secretVariable(name);
    parts.push(`-H ${variable === undefined ? shellQuote(`${name}: ${value}`) : `"${name}: $${variable}"`}`);
  }
  if (request.body) parts.push(`--data-raw ${shellQuote(request.body)}`);
  return parts.join(' \\\n  ');
}

/** `text` in single quotes, each single quote in it closed, escaped and reopened: the shell takes it as it is. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
