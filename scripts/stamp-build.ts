// The last step of `npm run build`: writes the digest of the sources the build was made from into dist/.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DIGEST_FILE, sourceDigest } from './source-digest.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(new URL(`../${DIGEST_FILE}`, import.meta.url), `${sourceDigest(root)}\n`);
