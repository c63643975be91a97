import type { z } from 'zod';

/**
 * A collection's schema as @msw/data calls it (Standard Schema): the zod schema of its records, made at the first
 * record it checks, with a switch for values already checked (`trusted`). Each store has its own.
 */
export class RecordSchema<S extends z.ZodType> {
  #trusting = false;
  readonly '~standard': Pick<S['~standard'], 'version' | 'vendor' | 'validate' | 'types'>;

  constructor(schema: () => S) {
    this['~standard'] = {
      version: 1,
      vendor: 'zod',
      validate: (value: unknown) => (this.#trusting ? { value: value as z.output<S> } : schema()['~standard'].validate(value)),
    };
  }

  /**
   * Runs `create`, a collection's `create` of values already checked (a record the store builds from a scenario
   * the loader checked), with this schema taking them as they are: checking them again cost ~6 ms of a `serve`
   * before its first answer. @msw/data validates within the synchronous part of `create`, before its first
   * `await`, so the switch is off again before anything else runs (test/unit/record-schema.test.ts holds it to that).
   */
  trusted<T>(create: () => T): T {
    this.#trusting = true;
    try {
      return create();
    } finally {
      this.#trusting = false;
    }
  }
}
