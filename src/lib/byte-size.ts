/** `16 MiB` for a whole number of MiB, `1500 bytes` otherwise: a limit as a person set it. */
export function byteSize(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes >= mib && bytes % mib === 0 ? `${bytes / mib} MiB` : `${bytes} bytes`;
}
