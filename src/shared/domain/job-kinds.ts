import type { Counter } from '../errors';
import type { LibraryKind } from './library';

/**
 * The registry of job kinds: every fact about a kind is declared here, once, as data. The tables
 * that used to be kept per module (stall thresholds, estimate defaults, the counter a kind spends,
 * its label) derive from it, and main keeps one submitter per kind (`Record<JobKind, Submitter>`
 * in `services/submit.ts`), so a kind added here and not there fails to compile.
 *
 * Adding a kind: one entry here, and its submitter in its feature service's `…Submitters`
 * (gathered by `services/submit.ts`; docs/architecture.md, "Adding an endpoint").
 */
export interface JobKindFacts {
  /** The label in job lists: its i18n message key and its English text (the CLI and the log). */
  readonly label: { readonly key: string; readonly en: string };
  /** The counter one submission spends (readiness checks it); null when none is named. */
  readonly counter: Counter | null;
  /**
   * How much of the counter one submission needs: one per submission, or the words of the text
   * (text to speech). What the readiness check compares with the known count.
   */
  readonly spends: 'one' | 'words' | 'nothing';
  /** No change from the service for this long and an active job reads as stalled (ms). */
  readonly stallAfterMs: number;
  /** How long a job of this kind usually takes before the user has finished any (ms). */
  readonly estimateMs: number;
  /** What a finished job leaves: a library item of that kind, a cloned voice, a trained singer. */
  readonly result: LibraryKind | 'voice' | 'singer' | 'library-file';
  /**
   * The most outputs one submission may yield. Outputs past it in an answer are recorded as
   * ignored (with a warning on the job) and never downloaded; the first ones are kept.
   */
  readonly maxOutputs: number;
  /**
   * What Retry does: `resubmit` sends the recorded intent through the kind's one submitter (it
   * may spend again, so the renderer confirms); `track` follows the recorded ids again (never
   * spends); `none`: the kind cannot be retried (a record kept from an older version).
   */
  readonly retry: 'resubmit' | 'track' | 'none';
}

const MIN = 60_000;

/**
 * Two songs: what one /v2/submit (and /v1/music) makes, per API-NOTES. A history import follows
 * the ids the user chose, at most 1,000 at a time. See docs/jobs.md, "Outputs per submission".
 */
export const SONGS_PER_SUBMISSION = 2;
export const HISTORY_IMPORT_MAX_SONGS = 1000;

export const JOB_KIND_FACTS = {
  'song-v2': {
    label: { key: 'jobs:kind.songV2', en: 'Song' },
    counter: 'key_music_counts',
    spends: 'one',
    stallAfterMs: 10 * MIN,
    estimateMs: 150_000,
    result: 'song',
    maxOutputs: SONGS_PER_SUBMISSION,
    retry: 'resubmit',
  },
  'song-v1': {
    label: { key: 'jobs:kind.songV1', en: 'Song (V1)' },
    counter: 'key_music_counts',
    spends: 'one',
    stallAfterMs: 10 * MIN,
    estimateMs: 180_000,
    result: 'song',
    maxOutputs: SONGS_PER_SUBMISSION,
    retry: 'resubmit',
  },
  tts: {
    label: { key: 'jobs:kind.tts', en: 'Text to speech' },
    counter: 'key_words_counts',
    spends: 'words',
    stallAfterMs: 5 * MIN,
    estimateMs: 15_000,
    result: 'tts',
    maxOutputs: 1,
    retry: 'resubmit',
  },
  clone: {
    label: { key: 'jobs:kind.clone', en: 'Voice clone' },
    counter: 'key_clone_voices',
    spends: 'one',
    stallAfterMs: 15 * MIN,
    estimateMs: 60_000,
    result: 'voice',
    maxOutputs: 1,
    retry: 'resubmit',
  },
  cover: {
    label: { key: 'jobs:kind.cover', en: 'Cover' },
    counter: 'key_cover_counts',
    spends: 'one',
    stallAfterMs: 20 * MIN,
    estimateMs: 180_000,
    result: 'cover',
    maxOutputs: 1,
    retry: 'resubmit',
  },
  'custom-singer': {
    label: { key: 'jobs:kind.customSinger', en: 'Singer training' },
    counter: null,
    spends: 'nothing',
    stallAfterMs: 6 * 60 * MIN,
    estimateMs: 20 * MIN,
    result: 'singer',
    maxOutputs: 1,
    retry: 'resubmit',
  },
  'singing-video': {
    label: { key: 'jobs:kind.singingVideo', en: 'Singing video' },
    counter: 'key_singing_credits',
    spends: 'one',
    stallAfterMs: 30 * MIN,
    estimateMs: 240_000,
    result: 'singing-video',
    maxOutputs: 1,
    retry: 'resubmit',
  },
  'subtitle-video': {
    label: { key: 'jobs:kind.subtitleVideo', en: 'Subtitle video' },
    counter: null,
    spends: 'nothing',
    stallAfterMs: 30 * MIN,
    estimateMs: 180_000,
    result: 'subtitle-video',
    maxOutputs: 1,
    retry: 'resubmit',
  },
  'history-import': {
    // listed with the songs it brings ("Song: Import: 2 songs"), as before it had a kind
    label: { key: 'jobs:kind.historyImport', en: 'Song' },
    counter: null,
    spends: 'nothing',
    stallAfterMs: 10 * MIN,
    estimateMs: 30_000,
    result: 'song',
    maxOutputs: HISTORY_IMPORT_MAX_SONGS,
    retry: 'track',
  },
  import: {
    // a kind declared by earlier versions and never created: its records load, never resend
    label: { key: 'jobs:kind.import', en: 'Import' },
    counter: null,
    spends: 'nothing',
    stallAfterMs: 10 * MIN,
    estimateMs: 30_000,
    result: 'library-file',
    maxOutputs: 1,
    retry: 'none',
  },
} as const satisfies Record<string, JobKindFacts>;

export type JobKind = keyof typeof JOB_KIND_FACTS;
export const JOB_KINDS = Object.keys(JOB_KIND_FACTS) as [JobKind, ...JobKind[]];

/** The facts about a kind. */
export function kindFacts(kind: JobKind): JobKindFacts {
  return JOB_KIND_FACTS[kind];
}

/** One fact for every kind, as a table keyed by kind (stall thresholds, estimates…). */
export function tableOf<T>(fact: (facts: JobKindFacts) => T): Readonly<Record<JobKind, T>> {
  return Object.fromEntries(JOB_KINDS.map((k) => [k, fact(JOB_KIND_FACTS[k])])) as Record<
    JobKind,
    T
  >;
}
