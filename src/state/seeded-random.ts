import type { Faker } from '@faker-js/faker';
// Only locale-free generators are used (uuids, characters, digits, integers), so the `base` locale serves:
// `en` adds ~300 KB of names and words to load at start-up, and the package's main entry loads all ~70 locales.
import { faker as baseFaker } from '@faker-js/faker/locale/base';

const FakerClass = baseFaker.constructor as new (options: { locale: Faker['rawDefinitions']; seed?: number }) => Faker;

/** Every random value of a sandbox comes from here, so one seed gives one sequence. */
export class SeededRandom {
  readonly faker: Faker;

  constructor(seed: number) {
    this.faker = new FakerClass({ locale: baseFaker.rawDefinitions, seed });
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
