/** Public types of the service emulator (see test/emulator/README.md). */

export type CounterName =
  | 'key_words_counts'
  | 'key_clone_voices'
  | 'key_cover_counts'
  | 'key_vc_counts'
  | 'key_music_counts'
  | 'key_singing_credits';

export const COUNTER_NAMES: readonly CounterName[] = [
  'key_words_counts',
  'key_clone_voices',
  'key_cover_counts',
  'key_vc_counts',
  'key_music_counts',
  'key_singing_credits',
];

/** V2 status words: the spec's (`stream`/`complete`/`error`) or the logged ones (`RUNNING`/`FINISHED`/`FAILED`). */
export type Vocabulary = 'spec' | 'logged';

export type InjectKind =
  | 'in_band'
  | 'http401'
  | 'http403'
  | 'http422'
  | 'http500'
  | 'http429'
  | 'timeout'
  | 'reset'
  | 'empty_data'
  | 'entitlement'
  | 'html502'
  | TransportFault;

/** Faults of the connection itself (test/emulator/faults.ts), on either origin. */
export type TransportFault = 'reset_mid_body' | 'short_body' | 'long_body' | 'drip';

export interface InjectedFailure {
  /** Exact request path (`/v2/submit`), or a prefix ending in `*` (`/v1/clone*`). */
  path: string;
  kind: InjectKind;
  /** How many matching requests fail; default 1. */
  times?: number;
  /** Only requests with this method (any when omitted). */
  method?: string;
}

export type ShapeTarget =
  'singing' | 'subtitles' | 'cover' | 'customSinger' | 'clone' | 'tasks' | 'voices';

/**
 * Shape names per target (anything else falls back to the default, listed first):
 * - cover:        audio_url | audio | oss_url | url | audio_file | nested | none
 * - singing:      video_url | url | video | nested | none
 * - subtitles:    video_url | url | video | nested | none
 * - customSinger: task_id | id | string | nested | none
 * - clone:        data_speaker | data_speaker_id | speaker | speaker_id
 * - tasks:        array | envelope | wrapped
 * - voices:       spec | camel
 */
export type Shapes = Partial<Record<ShapeTarget, string>>;

export interface EmulatorConfig {
  vocabulary: Vocabulary;
  /** Time per status step of songs, training tasks and synchronous calls. */
  stepMs: number;
  shapes: Shapes;
  /** key_status reported by key info; anything but 0 makes every keyed request answer 403. */
  keyStatus: number;
  /** Duration of generated songs and covers (rounded to whole 24 ms MP3 frames). */
  songDurationMs: number;
  /** `/v3/music/tasks` answers `{data: [...]}` instead of a bare array. */
  tasksWrapped: boolean;
  /** Every answer of both origins says `Connection: close` (as behind many CDNs and proxies). */
  connectionClose: boolean;
  /** Pace of an injected `drip`: `bytes` every `everyMs` (default 16 bytes every 50 ms). */
  drip: { bytes: number; everyMs: number };
  /**
   * What songs sound like: 'silence' (default; silent frames, made instantly) or 'tones' (a melody
   * per song, MP3-encoded with lamejs; see media/song-audio.ts).
   */
  songAudio: 'silence' | 'tones';
  /**
   * What an extension's audio holds: 'new' (default; only the new part) or 'whole' (the parent up
   * to `continue_at`, then the new part; its audio_duration counts both).
   */
  extensionShape: 'new' | 'whole';
  /**
   * How many songs one `/v2/submit` or `/v1/music` answers (default 2, as the service does). A
   * hostile service answering thousands tests the cap on outputs per submission.
   */
  songsPerSubmission: number;
}

export interface EmulatorOptions {
  /** Service port; 0 (default) picks a free one. */
  port?: number;
  /** Media port; 0 (default) picks a free one. */
  mediaPort?: number;
  /** Valid API keys; default ['test-key-0000']. */
  keys?: string[];
  vocabulary?: Vocabulary;
  /** Default 300. */
  stepMs?: number;
  counters?: Partial<Record<CounterName, number>>;
  /** Loopback host to bind; default 127.0.0.1. */
  host?: string;
}

export interface MultipartFileRecord {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface RequestLogEntry {
  origin: 'service' | 'media';
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string>;
  json?: unknown;
  multipart?: { fields: Record<string, string>; files: MultipartFileRecord[] };
  /** Date.now() when the request arrived. */
  at: number;
  /** The client disconnected before the request body was complete. */
  aborted?: boolean;
}

export type V2Status = 'queued' | 'stream' | 'complete' | 'error';

/** What the emulator keeps about a generated song, whatever the vocabulary. */
export interface SongFields {
  songId: string;
  /** The V3 task id (`/v3/music/tasks` `id`, what `?ids=` takes): a numeric string, never the song id. */
  taskId: string;
  via: 'v1' | 'v2';
  title: string;
  lyric: string;
  tags: string;
  prompt: string;
  modelVersion: string;
  instrumental: boolean;
  isAuto: boolean;
  /** Final duration in ms (also while generating). */
  durationMs: number;
  parentSongId?: string;
  continueAtS?: number;
  /** An extension's shape when it was made (config `extensionShape`). */
  shape?: 'new' | 'whole';
  /** Ms of the song's own new audio (an extension in the "whole" shape is longer: parent + new). */
  newMs?: number;
  createdAt: number;
  willFail: boolean;
}

/** Read-only view of a generated song. */
export interface SongSnapshot extends SongFields {
  /** Coarse state, independent of the vocabulary. */
  state: V2Status;
  /** The status word the service currently answers in the configured vocabulary. */
  status: string;
  /** Integer status of `/v3/music/tasks`. */
  v3Status: number;
}

export interface Emulator {
  /** Service base URL, http://127.0.0.1:<port>. */
  url: string;
  /** A second listener (a different origin) serving media files. */
  mediaUrl: string;
  /** Every request to either listener, in arrival order. */
  log: RequestLogEntry[];
  inject(f: InjectedFailure): void;
  setCounter(name: CounterName, value: number): void;
  configure(patch: Partial<EmulatorConfig>): void;
  songs(): SongSnapshot[];
  /** Moves the emulator's clock forward: songs and training tasks advance as if `ms` had passed. */
  advance(ms: number): void;
  /** Current counters. */
  counters(): Record<CounterName, number>;
  /** Clone voices currently listed. */
  cloneVoices(): { speaker: string; name: string; description: string }[];
  /**
   * A clone voice the key has that this run did not see made (made elsewhere, or by a call whose
   * answer was lost): listed from now on, created now. Answers its speaker id. Spends nothing.
   */
  addClone(name: string, description?: string): string;
  /**
   * A custom-singer training this key started before this run (or elsewhere): finished (`success`,
   * its task id works as a custom `singer_id`) or `held` (it stays `running` until
   * `finishTrainings` lets it go). Answers its task id. Spends nothing.
   */
  addTraining(opts?: { urls?: string[]; held?: boolean }): string;
  /**
   * While on, every training the service accepts stays `running` (the service takes its time)
   * until `finishTrainings()`.
   */
  holdTrainings(on: boolean): void;
  /** Held trainings (all, or these task ids) finish now: `success` on the next read. */
  finishTrainings(taskIds?: readonly string[]): void;
  /** Forgets songs, clones, tasks, injections and the log; restores counters and configuration. */
  reset(): void;
  close(): Promise<void>;
  /** Stops listening on the service port: connections are refused (the service is offline). */
  goOffline(): Promise<void>;
  /** Listens on the same service port again. */
  goOnline(): Promise<void>;
}
