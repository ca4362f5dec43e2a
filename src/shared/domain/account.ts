import { z } from 'zod';

/** An API key is 8–512 printable ASCII characters, no spaces (surrounding blanks are trimmed). */
export const API_KEY_MIN_CHARS = 8;
export const API_KEY_MAX_CHARS = 512;

/**
 * The one rule for an API key, with its messages: the Account panel checks a pasted key with it
 * before sending, the IPC channel validates with it, and main (for the app and the CLI) refuses
 * with it before the service is asked. Answers the trimmed key.
 */
export const ApiKeySchema = z
  .string()
  .trim()
  .min(1, 'Paste your API key first.')
  .min(API_KEY_MIN_CHARS, 'That key is too short. Check that you copied all of it.')
  .max(API_KEY_MAX_CHARS, 'That is too long to be an API key.')
  .regex(/^[\x21-\x7e]+$/, 'The key contains spaces or unusual characters.');

/** The first thing wrong with a key as typed or piped, or null when it looks usable. */
export function apiKeyProblem(raw: string): string | null {
  const parsed = ApiKeySchema.safeParse(raw);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'That is not an API key.');
}

/** Key info as it leaves the service client: `x_api_key` is already removed. */
export const KeyInfoSchema = z.object({
  key_status: z.number().int(),
  key_words_counts: z.number(),
  key_clone_voices: z.number(),
  key_cover_counts: z.number(),
  key_vc_counts: z.number(),
  key_music_counts: z.number(),
  key_singing_credits: z.number(),
  email: z.string().optional(),
  member_id: z.string().optional(),
  key_name: z.string().optional(),
  key_created_at: z.string().optional(),
  key_updated_at: z.string().optional(),
  key_recently_used_at: z.string().optional(),
});
export type KeyInfo = z.infer<typeof KeyInfoSchema>;

export const KeyStorageSchema = z.enum(['keychain', 'safe-storage', 'environment', 'none']);
export type KeyStorage = z.infer<typeof KeyStorageSchema>;

/** What the renderer may know about the key: never the key itself. */
export const AccountStatusSchema = z.object({
  hasKey: z.boolean(),
  keyLast4: z.string().max(4).optional(),
  /** Where the key lives; 'safe-storage' means no OS keychain was found (the panel says so). */
  storage: KeyStorageSchema,
  /** Whether an OS keychain is available on this machine. */
  keychainAvailable: z.boolean(),
  baseUrl: z.string(),
  isDefaultBaseUrl: z.boolean(),
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/**
 * The answer to storing a key. A key the service refuses is never stored (setKey fails instead);
 * `unchecked` means the service could not be asked, so the key was stored without the check and
 * the next successful key-info read settles it; `accepted` comes with the key info that was read.
 */
export const KeySavedSchema = AccountStatusSchema.extend({
  keyCheck: z.enum(['accepted', 'unchecked']),
  /** The key info the check read (accepted keys): the window shows it without asking again. */
  keyInfo: KeyInfoSchema.optional(),
});
export type KeySaved = z.infer<typeof KeySavedSchema>;

/** Rules for a service address: https, or plain http on loopback only (the emulator). */
export function checkServiceAddress(
  raw: string,
): { ok: true; origin: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: 'Enter a full address, like https://api.example.com' };
  }
  if (url.username || url.password)
    return { ok: false, message: 'The address must not contain a user name or password.' };
  const loopback =
    url.hostname === 'localhost' ||
    url.hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) {
    const path = url.pathname.replace(/\/+$/, '');
    return { ok: true, origin: `${url.origin}${path}` };
  }
  if (url.protocol === 'http:')
    return {
      ok: false,
      message: 'Use https. Plain http is allowed only for this computer (localhost).',
    };
  return { ok: false, message: 'Only https addresses are allowed.' };
}
