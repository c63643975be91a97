/** `1 thing` or `n things`: a count as messages and reports write it. */
export function count(n: number, thing: string, things = `${thing}s`): string {
  return `${n} ${n === 1 ? thing : things}`;
}
