/** Where the admin API lives on the standalone server, beside the imitated API. */
export const ADMIN_PREFIX = '/__sandbox';
