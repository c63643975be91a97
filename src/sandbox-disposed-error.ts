/** Thrown by a sandbox used after it was disposed (at the end of its `await using` block, or by `[Symbol.asyncDispose]()`). */
export class SandboxDisposedError extends Error {
  override readonly name = 'SandboxDisposedError';

  constructor() {
    super('this sandbox was disposed (its await using block ended, or [Symbol.asyncDispose]() was called): create another with createSandbox()');
  }
}
