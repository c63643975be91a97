import type { Socket } from 'node:net';

/**
 * The origin of this server as a connection reached it: the local address and port of the socket
 * (`http://127.0.0.1:4010`), never a name from the request. On a server listening on every interface it
 * is the interface the client came in on; an IPv4 client of an IPv6 socket shows as plain IPv4.
 */
export function localOriginOf(socket: Socket): string {
  const scheme = 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `${scheme}://${host}:${socket.localPort}`;
}
