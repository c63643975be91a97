/** Money is integer satang (1/100 THB) everywhere until it is rendered. */
export type Satang = number;

export function toSatang(thb: number): Satang {
  return Math.round(thb * 100);
}

export function toThb(satang: Satang): number {
  return satang / 100;
}

/** `amount × rate`, rounded half up to the satang. */
export function applyRate(amount: Satang, rate: number): Satang {
  return Math.round(amount * rate);
}
