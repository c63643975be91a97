import { isIP, type Socket } from 'node:net';

/** A host as a URL names it: a DNS name or IPv4 address, or an IPv6 address in brackets; lower case. */
const HOST_NAME = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)$/;
/** The value of a `Host` header: a host name and an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?::\d{1,5})?$/;

/** Whether a listen address or host name is this machine's loopback: `127.0.0.0/8`, `::1`, `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** As a `Host` header would carry it (lower case, an IPv6 address in brackets); undefined with a port, scheme or path. */
export function normalizeHostName(name: string): string | undefined {
  const lower = name.trim().toLowerCase();
  // Only a name with a colon can be an IPv6 address: `localhost` is not run through Node's IPv6 pattern, whose
  // second run (the first was the listen's) compiles it to machine code, a few ms of the first request.
  const bracketed = lower.includes(':') && isIP(lower) === 6 ? `[${lower}]` : lower;
  return HOST_NAME.test(bracketed) ? bracketed : undefined;
}

export function hostNameOfHeader(value: string): string | undefined {
  return HOST_HEADER.exec(value.trim().toLowerCase())?.[1];
}

/**
 * The socket's local address and port, never a name from the request: on a server listening on every interface,
 * the interface the client came in on; an IPv4 client of an IPv6 socket shows as plain IPv4.
 */
export function localOriginOf(socket: Socket): string {
  const scheme = 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `${scheme}://${host}:${socket.localPort}`;
}
