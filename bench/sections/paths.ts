import { fileURLToPath } from 'node:url';

/** Files the bench starts, as absolute paths. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = `${ROOT}bin/esim-sandbox.js`;
export const BARE_SERVER = `${ROOT}bench/bare-server.mjs`;
export const GROWTH_SERVER = `${ROOT}bench/growth-server.ts`;
export const MSW_IN_PROCESS = `${ROOT}bench/msw-in-process.ts`;

/** What `esim-sandbox serve` and the bare server print once they listen. */
export const SANDBOX_READY = /API\s+(http:\/\/\S+)/;
export const BARE_READY = /listening on (http:\/\/\S+)/;

export const KEY = 'sk_test_full_access';
export const AUTH = { 'x-api-key': KEY };
export const PROXY_SERVERS = `${ROOT}bench/proxy-servers.mjs`;
