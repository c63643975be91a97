/** `1 thing` or `n things`: a count as messages and reports write it. */
export function count(n: number, thing: string, things = `${thing}s`): string {
  return `${n} ${n === 1 ? thing : things}`;
}

/** `16 MiB` for a whole number of MiB, `1500 bytes` otherwise: a limit as a person set it. */
export function byteSize(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes >= mib && bytes % mib === 0 ? `${bytes / mib} MiB` : `${bytes} bytes`;
}
