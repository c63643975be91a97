import type { Faker, FakerOptions, Randomizer } from '@faker-js/faker';
// Only locale-free generators are used (uuids, characters, digits, integers), so the `base` locale serves:
// `en` adds ~300 KB of names and words to load at start-up, and the package's main entry loads all ~70 locales.
import { faker as baseFaker } from '@faker-js/faker/locale/base';

// `fakerCore` is not in faker's types: it holds the generator a faker made without one has.
const FakerClass = baseFaker.constructor as new (options: FakerOptions) => Faker & { fakerCore: { randomizer: Randomizer } };

export interface RandomPosition {
  readonly seed: number;
  readonly draws: number;
}

/** faker's Mersenne Twister hides its state: a position is gone back to by seeding again and drawing as many (~10 ns a draw). */
class CountingRandomizer implements Randomizer {
  draws = 0;
  #seed = 0;

  constructor(private readonly inner: Randomizer) {}

  // Arrow functions: faker calls them unbound (`const { next } = randomizer`).
  next = (): number => {
    this.draws += 1;
    return this.inner.next();
  };

  seed = (seed: number | number[]): void => {
    if (typeof seed !== 'number') throw new TypeError('the sandbox seeds its generators with a number');
    this.inner.seed(seed);
    this.#seed = seed;
    this.draws = 0;
  };

  position(): RandomPosition {
    return { seed: this.#seed, draws: this.draws };
  }

  moveTo({ seed, draws }: RandomPosition): void {
    this.seed(seed);
    for (let i = 0; i < draws; i += 1) this.inner.next();
    this.draws = draws;
  }
}

/** Every random value of a sandbox comes from here, so one seed gives one sequence. */
export class SeededRandom {
  readonly faker: Faker;
  readonly #randomizer: CountingRandomizer;

  constructor(seed: number) {
    // faker's default generator, as a faker made without one has it; the package exports it only from its main entry.
    const generator = new FakerClass({ locale: baseFaker.rawDefinitions }).fakerCore.randomizer;
    this.#randomizer = new CountingRandomizer(generator);
    this.faker = new FakerClass({ locale: baseFaker.rawDefinitions, randomizer: this.#randomizer, seed });
  }

  position(): RandomPosition {
    return this.#randomizer.position();
  }

  moveTo(position: RandomPosition): void {
    this.#randomizer.moveTo(position);
  }

  uuid(): string {
    return this.faker.string.uuid();
  }

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
