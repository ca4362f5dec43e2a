import { z } from 'zod';
import { apiKeyProblem } from './account-rules';

export {
  API_KEY_MAX_CHARS,
  API_KEY_MIN_CHARS,
  apiKeyProblem,
  checkServiceAddress,
} from './account-rules';

/**
 * The one rule for an API key (account-rules.ts, with its messages) as a schema: the IPC channel
 * validates with it. Answers the trimmed key.
 */
export const ApiKeySchema = z
  .string()
  .trim()
  .superRefine((key, ctx) => {
    const problem = apiKeyProblem(key);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

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
