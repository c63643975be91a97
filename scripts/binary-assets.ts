/**
 * What the single-file executable carries besides its entry (scripts/build-binary.ts), read at run time through
 * src/lib/package-files.ts. To ship more files with it, add them here.
 */

/**
 * Files and folders of the package, by their path in it; a folder brings every file under it. The package's
 * data (as package.json `files` ships it: a test keeps the two in step), package.json for the version, and the
 * bundled command beside its help texts (dist/bin: the entry runs the program script from there).
 */
export const PACKAGE_ASSETS = ['package.json', 'openapi.json', 'scenario.schema.json', 'seed.schema.json', 'scenarios', 'seeds', 'inspector', 'dist/bin'];

/**
 * Files of dependencies, by the dependency's name: what the server serves from them. `/docs` loads Swagger UI's
 * bundle, style sheet and icons (with the source maps a browser's developer tools ask for); its licence travels
 * with it. The npm-installed server serves the whole folder; these are the files its page uses.
 */
export const DEPENDENCY_ASSETS: Record<string, string[]> = {
  // The inspector (/__sandbox/) loads Preact with htm as one ES module.
  htm: ['preact/standalone.module.js', 'LICENSE'],
  'swagger-ui-dist': [
    'swagger-ui-bundle.js',
    'swagger-ui-bundle.js.map',
    'swagger-ui-bundle.js.LICENSE.txt',
    'swagger-ui.css',
    'swagger-ui.css.map',
    'favicon-16x16.png',
    'favicon-32x32.png',
    'LICENSE',
    'NOTICE',
  ],
};
