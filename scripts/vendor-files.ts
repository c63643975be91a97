/**
 * The files of the server's pages that come from other packages, copied into the package at build time
 * (scripts/copy-vendor-files.ts) so that installing it pulls neither package: swagger-ui-dist depends on
 * @scarf/scarf, whose install script reports installs, and a partner who only wants the msw handlers needs
 * neither page. By package, the files its page loads, and its licence.
 */
export const VENDORED_FILES: Record<string, string[]> = {
  // The inspector (/__sandbox/) loads Preact with htm as one ES module of ~13 KB.
  htm: ['preact/standalone.module.js', 'LICENSE'],
  // The reference page (/docs): Swagger UI's bundle, style sheet and icons; 1.9 MB, against the 12 MB of the
  // whole package (its other builds and source maps).
  'swagger-ui-dist': [
    'swagger-ui-bundle.js',
    'swagger-ui-bundle.js.LICENSE.txt',
    'swagger-ui.css',
    'favicon-16x16.png',
    'favicon-32x32.png',
    'LICENSE',
    'NOTICE',
  ],
};

/** Where the build puts them, by package: `dist/vendor/swagger-ui-dist/swagger-ui-bundle.js`. */
export const VENDOR_DIR = 'dist/vendor';
