import { isSecretHeader, secretVariableOf } from './mask-api-key.js';

export interface CurlRequest {
  method: string;
  url: string;
  headers: readonly (readonly [name: string, value: string])[];
  body: string | undefined;
}

export interface CurlCommand {
  command: string;
  /** What the command reads its secret headers from, in order; none when the secrets are included. */
  variables: string[];
}

/**
 * Headers that belong to the connection (curl sets them itself), that would make curl print a compressed body
 * (`accept-encoding`), or that a browser adds of its own accord (`sec-*`, `priority`).
 */
const LEFT_OUT = /^(host|content-length|connection|keep-alive|transfer-encoding|accept-encoding|sec-.*|priority)$/;

const PLAIN_NAME = /^[A-Za-z0-9_.-]+$/;

/** Headers curl adds when the request had none: sent empty, curl leaves them out. */
const CURL_DEFAULTS = ['user-agent', 'accept'] as const;

/**
 * Sends the request again as it was (`--globoff`: `limit=[1-3]` is not three URLs; `--path-as-is`: `..` stays).
 * Secret headers read from shell variables, so a command pasted into a ticket carries no secret.
 */
export function curlCommand(request: CurlRequest, secrets: 'variables' | 'include' = 'variables'): CurlCommand {
  const parts = ['curl -sS --globoff --path-as-is'];
  if (request.method === 'HEAD') parts.push('--head');
  else if (request.method !== 'GET' || request.body) parts.push(`-X ${request.method}`);
  parts.push(shellQuote(request.url));
  const variables: string[] = [];
  const sent = new Set(request.headers.map(([name]) => name.toLowerCase()));
  for (const [name, value] of request.headers) {
    if (LEFT_OUT.test(name.toLowerCase())) continue;
    // `name;` sends a header with an empty value, which `name:` would remove.
    if (value === '') parts.push(`-H ${shellQuote(`${name};`)}`);
    else if (secrets === 'include' || !isSecretHeader(name)) {
      parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
    } else {
      const variable = unique(secretVariableOf(name), variables);
      variables.push(variable);
      // A name of plain characters reads as before (`"x-api-key: $ESIM_API_KEY"`); in double quotes a `$` or a
      // backquote, which header names may hold, would run in the shell, so any other name is single-quoted.
      parts.push(PLAIN_NAME.test(name) ? `-H "${name}: $${variable}"` : `-H ${shellQuote(`${name}: `)}"$${variable}"`);
    }
  }
  for (const name of CURL_DEFAULTS) if (!sent.has(name)) parts.push(`-H '${name}:'`);
  if (request.body !== undefined && request.body !== '') {
    // Without a content-type of its own, --data-raw would add application/x-www-form-urlencoded.
    if (!sent.has('content-type')) parts.push(`-H 'content-type:'`);
    parts.push(`--data-raw ${shellQuote(request.body)}`);
  }
  return { command: parts.join(' \\\n  '), variables };
}

function unique(variable: string, taken: readonly string[]): string {
  let candidate = variable;
  for (let suffix = 2; taken.includes(candidate); suffix++) candidate = `${variable}_${suffix}`;
  return candidate;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
