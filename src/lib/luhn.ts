/** The Luhn check digit that makes `digits + check` pass the Luhn test (as in ICCIDs and card numbers). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function passesLuhn(number: string): boolean {
  return /^\d+$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}
