/** What a client command needs to read a server's answer and write a private file, loaded on demand. */
export { boundedFetch } from '../client/bounded-read.js';
export { checkOutputFile, writePrivateFile } from './private-file.js';
