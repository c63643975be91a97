/** A library option type, its validation, a command-line flag and a line of the docs all read this one definition. */
interface Described<T> {
  /** One or two sentences: the flag's `--help` text and the docs' line. */
  doc: string;
  /** None for an option of the library only. */
  flag?: string;
  default?: T;
  /** How the docs and `--help` show the default, when its value alone says too little (`16777216 (16 MiB)`). */
  defaultText?: string;
  /** A value the error message suggests (`pass e.g. --port 4010`). */
  example?: T;
  /** What the error message adds after the example (`or 0 for a free port`). */
  hint?: string;
  /** Only the TypeScript type of the value: never set. */
  readonly type?: T;
}

/**
 * A whole number from `min` to `max`; `unit: 'ms'`, `unit: 'seconds'` and `unit: 'MiB'` read as such in messages
 * and docs, and `unit: 'bytes'` too with `unitInMessage`.
 */
export interface IntegerOption extends Described<number> {
  kind: 'integer';
  min: number;
  max: number;
  unit?: 'ms' | 'seconds' | 'MiB' | 'bytes';
  unitInMessage?: true;
  /** How messages and docs show `max`, when its value alone says too little (`1073741824 (1 GiB)`). */
  maxText?: string;
  /** What a message adds after the example (`for 32 MiB`). */
  exampleText?: string;
}

export interface DecimalOption extends Described<number> {
  kind: 'decimal';
  min: number;
  max: number;
}

/**
 * `normalize` gives the canonical form, or undefined when the text is not one `expected` describes. `passOthers`
 * passes a library value that is not a string (an inline scenario) on as it is, for a later check.
 */
export interface TextOption<T = string> extends Described<T> {
  kind: 'text';
  expected: string;
  normalize?: (text: string) => string | undefined;
  passOthers?: true;
}

/** A flag that may be repeated. */
export interface TextsOption extends Described<readonly string[]>, Pick<TextOption, 'expected' | 'normalize'> {
  kind: 'texts';
}

export interface SwitchOption extends Described<boolean> {
  kind: 'switch';
}

/** A value only code can give (a function): passed on once `accepts` says it is one. */
export interface CodeOption<T> extends Described<T> {
  kind: 'code';
  expected: string;
  accepts: (value: unknown) => boolean;
}

export type OptionDefinition =
  | IntegerOption
  | DecimalOption
  | TextOption<unknown>
  | TextsOption
  | SwitchOption
  | CodeOption<unknown>;

export type OptionTable = Readonly<Record<string, OptionDefinition>>;

export type OptionValues<Table extends OptionTable> = {
  -readonly [Name in keyof Table]?: Exclude<Table[Name]['type'], undefined>;
};

export const integerOption = (definition: Omit<IntegerOption, 'kind'>): IntegerOption => ({ kind: 'integer', ...definition });
export const decimalOption = (definition: Omit<DecimalOption, 'kind'>): DecimalOption => ({ kind: 'decimal', ...definition });
export const textsOption = (definition: Omit<TextsOption, 'kind'>): TextsOption => ({ kind: 'texts', ...definition });
export const switchOption = (definition: Omit<SwitchOption, 'kind'>): SwitchOption => ({ kind: 'switch', ...definition });
export const textOption = <T = string>(definition: Omit<TextOption<T>, 'kind'>): TextOption<T> => ({ kind: 'text', ...definition });
export const codeOption = <T>(definition: Omit<CodeOption<T>, 'kind'>): CodeOption<T> => ({ kind: 'code', ...definition });
