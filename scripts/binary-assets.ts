/**
 * What the single-file executable carries besides its entry (scripts/build-binary.ts), read at run time through
 * src/lib/package-files.ts. To ship more files with it, add them here.
 */

/**
 * Files and folders of the package, by their path in it; a folder brings every file under it. The package's
 * data (as package.json `files` ships it: a test keeps the two in step), package.json for the version, and the
 * bundled command beside its help texts (dist/bin: the entry runs the program script from there), and the
 * pages' files of other packages (dist/vendor, scripts/vendor-files.ts).
 */
export const PACKAGE_ASSETS = ['package.json', 'openapi.json', 'scenario.schema.json', 'seed.schema.json', 'scenarios', 'seeds', 'inspector', 'dist/bin', 'dist/vendor'];
