import type { Faker } from '@faker-js/faker';
// The `en` entry point loads one locale; the package's main entry loads all ~70 of them (~130 ms at start-up).
import { faker as englishFaker } from '@faker-js/faker/locale/en';

const FakerClass = englishFaker.constructor as new (options: { locale: Faker['rawDefinitions']; seed?: number }) => Faker;

/** Every random value of a sandbox comes from here, so one seed gives one sequence. */
export class SeededRandom {
  readonly faker: Faker;

  constructor(seed: number) {
    this.faker = new FakerClass({ locale: englishFaker.rawDefinitions, seed });
  }

  uuid(): string {
    return this.faker.string.uuid();
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    return this.faker.string.fromCharacters(alphabet, length);
  }

  digits(length: number): string {
    return this.faker.string.numeric({ length, allowLeadingZeros: true });
  }

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  /** A float in [0, 1). */
  fraction(): number {
    return this.int(0, 999_999) / 1_000_000;
  }
}
