/**
 * The account's rules that the renderer's first screen needs too, kept free of zod (the entry
 * script's budget, test/unit/build/renderer-entry.test.ts): the API key's shape and the service
 * address. account.ts re-exports them beside its schemas.
 */

/** An API key is 8–512 printable ASCII characters, no spaces (surrounding blanks are trimmed). */
export const API_KEY_MIN_CHARS = 8;
export const API_KEY_MAX_CHARS = 512;

/**
 * The first thing wrong with a key as typed or piped, or null when it looks usable: the one rule
 * for an API key, with its messages. The Account panel checks a pasted key with it before sending,
 * the IPC channel validates with it (ApiKeySchema), and main (for the app and the CLI) refuses with
 * it before the service is asked.
 */
export function apiKeyProblem(raw: string): string | null {
  const problem = apiKeyProblemOf(raw);
  return problem && KEY_PROBLEMS[problem];
}

/** What can be wrong with a key as typed: the renderer says it in the app's language by this. */
export type KeyProblem = 'empty' | 'short' | 'long' | 'characters';

const KEY_PROBLEMS: Record<KeyProblem, string> = {
  empty: 'Paste your API key first.',
  short: 'That key is too short. Check that you copied all of it.',
  long: 'That is too long to be an API key.',
  characters: 'The key contains spaces or unusual characters.',
};

/** A key typed wrong, in the app's language: the catalog key of each problem. */
export const KEY_PROBLEM_KEYS: Record<KeyProblem, string> = {
  empty: 'account:rules.keyEmpty',
  short: 'account:rules.keyShort',
  long: 'account:rules.keyLong',
  characters: 'account:rules.keyCharacters',
};

/** The first thing wrong with a key (see apiKeyProblem), as a code; null when it looks usable. */
export function apiKeyProblemOf(raw: string): KeyProblem | null {
  const key = raw.trim();
  if (key.length === 0) return 'empty';
  if (key.length < API_KEY_MIN_CHARS) return 'short';
  if (key.length > API_KEY_MAX_CHARS) return 'long';
  if (!/^[\x21-\x7e]+$/.test(key)) return 'characters';
  return null;
}

/** What can be wrong with a service address (the renderer says it in the app's language by this). */
export type AddressProblem = 'format' | 'credentials' | 'http' | 'scheme';

const ADDRESS_PROBLEMS: Record<AddressProblem, string> = {
  format: 'Enter a full address, like https://api.example.com',
  credentials: 'The address must not contain a user name or password.',
  http: 'Use https. Plain http is allowed only for this computer (localhost).',
  scheme: 'Only https addresses are allowed.',
};

/** A service address typed wrong, in the app's language: the catalog key of each problem. */
export const ADDRESS_PROBLEM_KEYS: Record<AddressProblem, string> = {
  format: 'account:rules.addressFormat',
  credentials: 'account:rules.addressCredentials',
  http: 'account:rules.addressHttp',
  scheme: 'account:rules.addressScheme',
};

const refuse = (problem: AddressProblem) =>
  ({ ok: false, problem, message: ADDRESS_PROBLEMS[problem] }) as const;

/** Rules for a service address: https, or plain http on loopback only (the emulator). */
export function checkServiceAddress(
  raw: string,
): { ok: true; origin: string } | { ok: false; problem: AddressProblem; message: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse('format');
  }
  if (url.username || url.password) return refuse('credentials');
  const loopback =
    url.hostname === 'localhost' ||
    url.hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) {
    const path = url.pathname.replace(/\/+$/, '');
    return { ok: true, origin: `${url.origin}${path}` };
  }
  return refuse(url.protocol === 'http:' ? 'http' : 'scheme');
}
