/** How much of a peer's answer a client command takes: bytes after decompression, and time. */
export interface ReadLimits {
  /** Counted after decompression. */
  maxBodyBytes: number;
  /** Answer body included. */
  timeoutMs: number;
  /** The option that named the address, for messages. Default: `--base-url`. */
  urlOption?: string;
  /** Says what cut the time short when it is not the per-request limit (`the time budget (--budget 60 s)`). */
  timeoutName?: string;
  /** Certificates (PEM) of the CAs an https server's certificate must chain to, instead of the system's. */
  ca?: string;
  /** Sends through this fetch (an in-process target) instead of node:http / node:https. */
  fetch?: typeof fetch;
}

export interface BoundedResponse {
  status: number;
  headers: Headers;
  text: string;
}
