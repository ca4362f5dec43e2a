/**
 * The hosted service's address. The interface document does not name it, so this is a
 * placeholder in the reserved `.example` domain: set the real address in the Account panel,
 * with `cadenza config set base-url`, or with CADENZA_BASE_URL.
 */
export const DEFAULT_BASE_URL = 'https://api.cadenza.example';

/** Where creators request a key (opened only through the openExternal allowlist). */
export const ACCOUNT_PAGE_URL = 'https://cadenza.example/account';

/** Hosts `shell.openExternal` may open (https only). */
export const EXTERNAL_URL_ALLOWLIST = ['cadenza.example'];

export const KEYCHAIN_SERVICE = 'Cadenza';
