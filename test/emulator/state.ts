import { randomUUID } from 'node:crypto';
import { mp3DurationMs } from './media/mp3';
import {
  COUNTER_NAMES,
  type CounterName,
  type EmulatorConfig,
  type EmulatorOptions,
  type InjectKind,
  type RequestLogEntry,
  type SongFields,
  type SongSnapshot,
  type V2Status,
  type Vocabulary,
} from './types';

export const DEFAULT_KEYS = ['test-key-0000'];
export const DEFAULT_COUNTERS: Record<CounterName, number> = {
  key_words_counts: 10_000,
  key_clone_voices: 5,
  key_cover_counts: 20,
  key_vc_counts: 3,
  key_music_counts: 50,
  key_singing_credits: 20,
};

export interface SongRecord extends SongFields {
  /** Highest step reached so far: statuses never move backwards when stepMs changes. */
  maxStep: number;
}

export interface CloneRecord {
  speaker: string;
  name: string;
  description: string;
  createdAt: number;
}

export interface TrainingRecord {
  taskId: string;
  urls: string[];
  createdAt: number;
  willFail: boolean;
  maxStep: number;
  /** Stays `running` until released (`finishTrainings`). */
  held?: boolean;
}

/** Steps of a song: 0 queued, 1 processing, 2 streaming, 3 done. */
export const SONG_DONE_STEP = 3;

const V2_WORDS: Record<Vocabulary, Record<V2Status, string>> = {
  spec: { queued: 'queued', stream: 'stream', complete: 'complete', error: 'error' },
  logged: { queued: 'PENDING', stream: 'RUNNING', complete: 'FINISHED', error: 'FAILED' },
};

export class EmulatorState {
  readonly log: RequestLogEntry[] = [];
  readonly keys: string[];
  config: EmulatorConfig;
  counters: Record<CounterName, number>;
  songs = new Map<string, SongRecord>();
  clones = new Map<string, CloneRecord>();
  trainings = new Map<string, TrainingRecord>();
  /** New trainings are held (stay `running`) until released. */
  holdTrainings = false;
  /** Generated media: id → duration (TTS WAVs, covers). */
  ttsAudio = new Map<string, number>();
  coverAudio = new Map<string, number>();
  injections: { path: string; kind: InjectKind; times: number; method?: string }[] = [];
  /** Added to the wall clock by `advance()` so tests can move statuses on deterministically. */
  clockOffsetMs = 0;
  serviceUrl = '';
  mediaUrl = '';

  constructor(private readonly options: EmulatorOptions) {
    this.keys = options.keys?.length ? [...options.keys] : [...DEFAULT_KEYS];
    this.config = this.initialConfig();
    this.counters = this.initialCounters();
  }

  private initialConfig(): EmulatorConfig {
    return {
      vocabulary: this.options.vocabulary ?? 'spec',
      stepMs: this.options.stepMs ?? 300,
      shapes: {},
      keyStatus: 0,
      songDurationMs: 30_000,
      tasksWrapped: false,
      connectionClose: false,
      drip: { bytes: 16, everyMs: 50 },
      songAudio: 'silence',
      extensionShape: 'new',
      songsPerSubmission: 2,
    };
  }

  private initialCounters(): Record<CounterName, number> {
    const counters = { ...DEFAULT_COUNTERS };
    for (const name of COUNTER_NAMES) {
      const v = this.options.counters?.[name];
      if (v !== undefined) counters[name] = v;
    }
    return counters;
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  reset(): void {
    this.log.length = 0;
    this.clockOffsetMs = 0;
    this.config = this.initialConfig();
    this.counters = this.initialCounters();
    this.songs.clear();
    this.clones.clear();
    this.trainings.clear();
    this.holdTrainings = false;
    this.ttsAudio.clear();
    this.coverAudio.clear();
    this.injections.length = 0;
  }

  configure(patch: Partial<EmulatorConfig>): void {
    const { shapes, ...rest } = patch;
    this.config = { ...this.config, ...rest, shapes: { ...this.config.shapes, ...shapes } };
  }

  shape(target: keyof EmulatorConfig['shapes'], fallback: string): string {
    return this.config.shapes[target] ?? fallback;
  }

  /** Takes `amount` from a counter; false (and nothing taken) when not enough is left. */
  spend(name: CounterName, amount = 1): boolean {
    if (this.counters[name] < amount) return false;
    this.counters[name] -= amount;
    return true;
  }

  newId(): string {
    return randomUUID();
  }

  /** V3 task ids: numeric strings like the real service's ("1334851"), distinct from song ids. */
  private nextTaskId = 1_334_851;

  addSong(
    fields: Omit<
      SongRecord,
      'songId' | 'taskId' | 'createdAt' | 'maxStep' | 'durationMs' | 'shape' | 'newMs'
    >,
  ): SongRecord {
    const newMs = mp3DurationMs(
      Math.min(this.config.songDurationMs, maxSongMs(fields.modelVersion)),
    );
    const extension = fields.parentSongId !== undefined && fields.continueAtS !== undefined;
    const whole = extension && this.config.extensionShape === 'whole';
    const song: SongRecord = {
      ...fields,
      songId: this.newId(),
      taskId: String(this.nextTaskId++),
      createdAt: this.now(),
      maxStep: 0,
      // the "whole" shape: the parent up to continue_at, then the new part
      durationMs: whole ? mp3DurationMs(fields.continueAtS! * 1000 + newMs) : newMs,
      newMs,
      ...(extension ? { shape: whole ? ('whole' as const) : ('new' as const) } : {}),
    };
    this.songs.set(song.songId, song);
    return song;
  }

  /** Current step of a song (v1 songs are done at once). */
  songStep(song: SongRecord): number {
    if (song.via === 'v1') return SONG_DONE_STEP;
    const step = Math.floor((this.now() - song.createdAt) / Math.max(1, this.config.stepMs));
    song.maxStep = Math.min(SONG_DONE_STEP, Math.max(song.maxStep, step));
    return song.maxStep;
  }

  /** Fraction of the audio available while streaming (0 before, 1 when done). */
  songProgress(song: SongRecord): number {
    if (this.songStep(song) >= SONG_DONE_STEP) return 1;
    const stepMs = Math.max(1, this.config.stepMs);
    const streamingMs = this.now() - song.createdAt - 2 * stepMs;
    return Math.min(1, Math.max(0, streamingMs / stepMs));
  }

  songState(song: SongRecord): V2Status {
    const step = this.songStep(song);
    if (step === 0) return 'queued';
    if (step < SONG_DONE_STEP) return song.willFail && step >= 2 ? 'error' : 'stream';
    return song.willFail ? 'error' : 'complete';
  }

  v2Word(state: V2Status): string {
    return V2_WORDS[this.config.vocabulary][state];
  }

  /** 1 queued, 4 processing, 2 streaming, 0 complete, 3 failed. */
  v3Status(song: SongRecord): number {
    const state = this.songState(song);
    if (state === 'error') return 3;
    if (state === 'complete') return 0;
    if (state === 'queued') return 1;
    return this.songStep(song) === 1 ? 4 : 2;
  }

  snapshot(song: SongRecord): SongSnapshot {
    const state = this.songState(song);
    const { maxStep: _maxStep, ...rest } = song;
    return { ...rest, state, status: this.v2Word(state), v3Status: this.v3Status(song) };
  }

  /** Training: pending (step 0), running (1–2), success or failed (3). */
  trainingStatus(task: TrainingRecord): 'pending' | 'running' | 'success' | 'failed' {
    if (task.held) return 'running';
    const step = Math.floor((this.now() - task.createdAt) / Math.max(1, this.config.stepMs));
    task.maxStep = Math.min(SONG_DONE_STEP, Math.max(task.maxStep, step));
    if (task.maxStep === 0) return 'pending';
    if (task.maxStep < SONG_DONE_STEP) return 'running';
    return task.willFail ? 'failed' : 'success';
  }

  /** Finds and consumes a matching injected failure. */
  takeInjection(method: string, path: string): InjectKind | undefined {
    const i = this.injections.findIndex(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (f.path.endsWith('*') ? path.startsWith(f.path.slice(0, -1)) : f.path === path),
    );
    const found = this.injections[i];
    if (!found) return undefined;
    found.times -= 1;
    if (found.times <= 0) this.injections.splice(i, 1);
    return found.kind;
  }
}

export const MODEL_LIMITS: Record<string, { maxSongMs: number; maxLyricsWords: number }> = {
  'v4.5-plus': { maxSongMs: 8 * 60_000, maxLyricsWords: 5000 },
  'v4.5': { maxSongMs: 8 * 60_000, maxLyricsWords: 5000 },
  'v4.0': { maxSongMs: 4 * 60_000, maxLyricsWords: 3000 },
  'v3.5': { maxSongMs: 4 * 60_000, maxLyricsWords: 3000 },
  'v3.0': { maxSongMs: 2 * 60_000, maxLyricsWords: 1000 },
};

function maxSongMs(modelVersion: string): number {
  return MODEL_LIMITS[modelVersion]?.maxSongMs ?? 4 * 60_000;
}
