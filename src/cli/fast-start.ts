import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';

/**
 * Start-up help for the `esim-sandbox` process, called by its bin before anything else is imported (never
 * by the library). Two things, each measured on `serve --port 0` → first answer:
 *
 * - Node's compile cache (`module.enableCompileCache`), which spares re-parsing the same modules each run.
 * - `@msw/data` imports two helpers from `es-toolkit` and three from `es-toolkit/compat` through their
 *   barrel modules, which load ~700 files (~150 ms). A load hook rewrites those import statements, in
 *   `@msw/data`'s own files only, to the per-function modules `es-toolkit` publishes for that purpose. A
 *   name it cannot place leaves its statement as it was: the rewrite can only make start-up faster, never
 *   break it.
 */
export function enableFastStart(): void {
  module.enableCompileCache?.();
  module.registerHooks?.({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context);
      if (!url.includes('/node_modules/@msw/data/') || !url.endsWith('.mjs') || result.source == null) return result;
      const source = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
      if (!source.includes('"es-toolkit')) return result;
      return { ...result, source: rewriteEsToolkitImports(source, esToolkitDirectory(url)) };
    },
  });
}

const NAMED_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"(es-toolkit(?:\/compat)?)";?$/gm;

/** `import { get, set } from "es-toolkit/compat"` → one import per function, where each one's module is found. */
export function rewriteEsToolkitImports(source: string, esToolkitDir: string | undefined): string {
  if (esToolkitDir === undefined) return source;
  const exportsMap = packageExports(esToolkitDir);
  return source.replace(NAMED_IMPORT, (statement, names: string, specifier: string) => {
    const imports: string[] = [];
    for (const part of names.split(',').map((name) => name.trim()).filter(Boolean)) {
      const match = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(part);
      if (!match) return statement;
      const [, name, local = name] = match as unknown as [string, string, string | undefined];
      const target = specifier === 'es-toolkit/compat' ? compatModule(esToolkitDir, exportsMap, name) : mainModule(esToolkitDir, exportsMap, name);
      if (target === undefined) return statement;
      imports.push(target.isDefault ? `import ${local} from "${target.specifier}";` : `import { ${name} as ${local} } from "${target.specifier}";`);
    }
    return imports.join('\n');
  });
}

interface ModuleTarget {
  specifier: string;
  isDefault: boolean;
}

/** `es-toolkit/compat/<name>` default-exports the compat function of that name. */
function compatModule(dir: string, exportsMap: Set<string>, name: string): ModuleTarget | undefined {
  if (!exportsMap.has('./compat/*') || !existsSync(path.join(dir, 'compat', `${name}.mjs`))) return undefined;
  return { specifier: `es-toolkit/compat/${name}`, isDefault: true };
}

const CATEGORIES = ['predicate', 'object', 'array', 'function', 'string', 'math', 'util', 'promise', 'error', 'map', 'set'];

/** `es-toolkit/<category>/<name>` exports the function of that name. */
function mainModule(dir: string, exportsMap: Set<string>, name: string): ModuleTarget | undefined {
  const category = CATEGORIES.find(
    (candidate) => exportsMap.has(`./${candidate}/*`) && existsSync(path.join(dir, 'dist', candidate, `${name}.mjs`)),
  );
  return category === undefined ? undefined : { specifier: `es-toolkit/${category}/${name}`, isDefault: false };
}

function esToolkitDirectory(fromUrl: string): string | undefined {
  try {
    return path.dirname(module.createRequire(fromUrl).resolve('es-toolkit/package.json'));
  } catch {
    return undefined;
  }
}

function packageExports(dir: string): Set<string> {
  try {
    const { exports } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
    return new Set(Object.keys(exports ?? {}));
  } catch {
    return new Set();
  }
}
