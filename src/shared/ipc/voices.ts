import { z } from 'zod';
import { FileHandleSchema } from '../domain/files';
import { TtsInputSchema } from '../domain/service-inputs';
import { AppErrorSchema, KeyedMessageSchema } from '../errors';
import { event, invoke } from './define';
import { JobIdSchema, JobViewSchema } from './jobs';

/**
 * Voices: the browser over the service's voice list (cached for offline browsing), the key's
 * cloned voices, favourites and recents kept locally, text-to-speech takes and cloning. Media
 * (avatars, samples) reaches the renderer only as `cadenza-media://` URLs from main's cache.
 */

/** A voice as the renderer sees it: no remote URLs, only whether there is something to show. */
export const VoiceViewSchema = z.object({
  speaker: z.string(),
  name: z.string(),
  language: z.string(),
  classNames: z.array(z.string()),
  classification: z.string().nullable(),
  description: z.string().nullable(),
  isFree: z.boolean(),
  isVip: z.boolean(),
  isNew: z.boolean(),
  trending: z.boolean(),
  hasAvatar: z.boolean(),
  hasSample: z.boolean(),
  /** The key's own cloned voice (from /v1/clone_voices_list). */
  cloned: z.boolean(),
});
export type VoiceView = z.infer<typeof VoiceViewSchema>;

export const CatalogueSchema = z.object({
  voices: z.array(VoiceViewSchema),
  clones: z.array(VoiceViewSchema),
  /** When the lists were read from the service (ISO), null when never. */
  fetchedAt: z.string().nullable(),
  /** service: just read; cache: the copy kept from an earlier read (offline or not refreshed). */
  source: z.enum(['service', 'cache']),
  /** Why the service could not be read this time (the cached copy is shown instead). */
  error: AppErrorSchema.nullable(),
});
export type Catalogue = z.infer<typeof CatalogueSchema>;

export const VoicePrefsSchema = z.object({
  favourites: z.array(z.string()),
  /** Most recent first. */
  recents: z.array(z.string()),
});
export type VoicePrefs = z.infer<typeof VoicePrefsSchema>;

const Speaker = z.string().trim().min(1).max(200);

/** A take's text, voice and emotion: the service input's schema (its rules and messages). */
export const SpeakRequestSchema = TtsInputSchema;
export type SpeakRequest = z.infer<typeof SpeakRequestSchema>;

/** A recording offered for cloning, as checked by main (type, size, duration). */
export const CloneFileCheckSchema = z.object({
  handle: FileHandleSchema,
  name: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  mimeType: z.string(),
  /** Null when the format's length cannot be read without decoding. */
  durationMs: z.number().nullable(),
  /** Why it cannot be used, or null when it is fine. */
  problem: z.string().nullable(),
  /** `problem` as a key and parameters (said in the app's language). */
  problemKey: KeyedMessageSchema.nullable().optional(),
});
export type CloneFileCheck = z.infer<typeof CloneFileCheckSchema>;

export const CloneRequestSchema = z.object({
  name: z.string().max(1000),
  description: z.string().max(10_000).optional(),
  files: z.array(FileHandleSchema).max(50),
});
export type CloneRequest = z.infer<typeof CloneRequestSchema>;

export const UploadProgressEventSchema = z.object({
  jobId: JobIdSchema,
  bytesSent: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
});
export type UploadProgressEvent = z.infer<typeof UploadProgressEventSchema>;

export const voicesContract = {
  /** The voice list and the key's clones; from the cache unless `refresh` (or nothing is cached). */
  catalogue: invoke(
    z.tuple([z.object({ refresh: z.boolean().default(false) }).strict()]),
    CatalogueSchema,
  ),
  prefs: invoke(z.tuple([]), VoicePrefsSchema),
  setFavourite: invoke(z.tuple([Speaker, z.boolean()]), VoicePrefsSchema),
  /** Deletes one of the key's cloned voices ("already gone" counts as deleted). */
  deleteClone: invoke(z.tuple([Speaker]), CatalogueSchema),
  /** A playable/showable `cadenza-media://cache/…` URL of a voice's avatar or sample. */
  media: invoke(z.tuple([Speaker, z.enum(['avatar', 'sample'])]), z.string()),
  /** Text-to-speech as a job; the take lands in the library with voice, emotion and text. */
  speak: invoke(z.tuple([SpeakRequestSchema]), JobViewSchema),
  /** Checks dropped or picked recordings: type, size and duration. */
  checkFiles: invoke(
    z.tuple([z.array(FileHandleSchema).min(1).max(50)]),
    z.array(CloneFileCheckSchema),
  ),
  /** Uploads the recordings as a clone job (progress arrives as `voiceUploadProgress`). */
  clone: invoke(z.tuple([CloneRequestSchema]), JobViewSchema),
  /** Cancels a running clone upload; nothing is created. */
  cancelClone: invoke(z.tuple([JobIdSchema]), JobViewSchema),
};

export const voicesEvents = {
  /** Bytes of a clone upload handed to the network. */
  voiceUploadProgress: event(UploadProgressEventSchema),
};

// ---- browsing: pure helpers shared by the renderer and the CLI ----

const GENDERS = ['female', 'male', 'neutral'] as const;

/** "Female", "Male" or "Neutral" when a class name says so, else null. */
export function voiceGender(v: Pick<VoiceView, 'classNames'>): string | null {
  for (const c of v.classNames) {
    const lower = c.toLowerCase();
    if ((GENDERS as readonly string[]).includes(lower))
      return lower[0]!.toUpperCase() + lower.slice(1);
  }
  return null;
}

/** Style words: the classification and the class names that are not a gender. */
export function voiceStyles(v: Pick<VoiceView, 'classNames' | 'classification'>): string[] {
  const out = new Set<string>();
  if (v.classification) out.add(v.classification);
  for (const c of v.classNames)
    if (!(GENDERS as readonly string[]).includes(c.toLowerCase())) out.add(c);
  return [...out];
}

export interface VoiceQuery {
  text?: string;
  language?: string;
  gender?: string;
  style?: string;
  /** free: free voices only; vip: VIP voices only. */
  plan?: 'free' | 'vip';
  newOnly?: boolean;
  trendingOnly?: boolean;
  favouritesOnly?: boolean;
}

const same = (a: string, b: string): boolean =>
  a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** The voices matching every part of the query (words in the name or description, AND-ed). */
export function filterVoices<V extends VoiceView>(
  voices: readonly V[],
  q: VoiceQuery,
  favourites: readonly string[] = [],
): V[] {
  const words = (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return voices.filter((v) => {
    if (words.length > 0) {
      const hay = `${v.name} ${v.description ?? ''}`.toLowerCase();
      if (!words.every((w) => hay.includes(w))) return false;
    }
    if (q.language && !same(v.language, q.language)) return false;
    if (q.gender && !same(voiceGender(v) ?? '', q.gender)) return false;
    if (q.style && !voiceStyles(v).some((st) => same(st, q.style!))) return false;
    if (q.plan === 'free' && !v.isFree) return false;
    if (q.plan === 'vip' && !v.isVip) return false;
    if (q.newOnly && !v.isNew) return false;
    if (q.trendingOnly && !v.trending) return false;
    if (q.favouritesOnly && !favourites.includes(v.speaker)) return false;
    return true;
  });
}

/** The values each filter offers, sorted. */
export function voiceFacets(voices: readonly VoiceView[]): {
  languages: string[];
  genders: string[];
  styles: string[];
} {
  const languages = new Set<string>();
  const genders = new Set<string>();
  const styles = new Set<string>();
  for (const v of voices) {
    if (v.language) languages.add(v.language);
    const g = voiceGender(v);
    if (g) genders.add(g);
    for (const s of voiceStyles(v)) styles.add(s);
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  return { languages: sorted(languages), genders: sorted(genders), styles: sorted(styles) };
}
