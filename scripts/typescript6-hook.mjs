// openapi-typescript prints its output with the `typescript` library API, which TypeScript 7 (this project's
// compiler) no longer has. This hook hands openapi-typescript the TypeScript 6 installed under the alias
// `typescript6`; everything else still gets TypeScript 7. Use: node --import ./scripts/typescript6-hook.mjs …
// (or NODE_OPTIONS=--import=<absolute path of this file> npx openapi-typescript …). Needs Node >= 22.15.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/')) {
      return nextResolve('typescript6', context);
    }
    return nextResolve(specifier, context);
  },
});
