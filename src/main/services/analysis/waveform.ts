/**
 * Waveform peaks of library items, computed once from decoded audio (services/audio/peaks/peaks.ts, in
 * the worker thread) and cached in the data folder keyed by item id and the media file's mtime (a
 * file changed outside the app gets new peaks). MP3, WAV, FLAC, Ogg Vorbis and Opus are decoded;
 * AAC (M4A) and video have no waveform. Peaks are fine-grained (50 a second, at most 30,000), so a
 * view reduces them to its width at any zoom.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_WAVEFORM_PEAKS } from '@shared/ipc/analysis';
import type { Peaks } from '../audio/peaks/peaks';
import type { PeaksWindow } from '../audio/peaks/peaks-window';
import { sharedWorker } from '../worker';
import type { peaksTasks } from '../audio/peaks/tasks';
import { writeJsonAtomic } from '../ground/atomic';
import { READ_CAPS, readRegularText } from '../ground/regular-file';

const CachedSchema = z.object({
  peaks: z.array(z.number().min(0).max(1)).min(1).max(MAX_WAVEFORM_PEAKS),
  secondsPerPeak: z.number().positive().nullable().default(null),
});
export type CachedWaveform = z.infer<typeof CachedSchema>;

export interface WaveformSubject {
  id: string;
  modifiedAtMs: number;
}

export interface WaveformStore {
  /** Cached peaks, else decoded from the file (and cached), else null (a format not decoded). */
  get(item: WaveformSubject, mediaPath: string): Promise<CachedWaveform | null>;
  /** Caches peaks (replacing older entries of the item). */
  put(item: WaveformSubject, waveform: { peaks: number[]; secondsPerPeak?: number }): Promise<void>;
  /** `bars` peaks of [fromMs, toMs) of the file, finer than the cached ones (a zoomed view). */
  window(mediaPath: string, window: PeaksWindow): Promise<number[] | null>;
}

export interface WaveformStoreOptions {
  dir: string;
  /** Decodes a file to peaks (default: the worker's `media.peaks` task). */
  decode?: (path: string) => Promise<Peaks | null>;
  /** Peaks of a window of a file (default: the worker's `media.peaksWindow` task). */
  decodeWindow?: (path: string, window: PeaksWindow) => Promise<number[] | null>;
}

export function createWaveformStore(options: WaveformStoreOptions): WaveformStore {
  const decode =
    options.decode ?? ((path) => sharedWorker<typeof peaksTasks>().run('media.peaks', { path }));
  const decodeWindow =
    options.decodeWindow ??
    ((path, window) =>
      sharedWorker<typeof peaksTasks>().run('media.peaksWindow', { path, ...window }));
  const fileOf = (item: WaveformSubject): string =>
    join(options.dir, `${item.id}-${Math.round(item.modifiedAtMs)}.json`);
  const computing = new Map<string, Promise<CachedWaveform | null>>();

  async function readCached(item: WaveformSubject): Promise<CachedWaveform | null> {
    try {
      const parsed = CachedSchema.safeParse(
        JSON.parse(await readRegularText(fileOf(item), READ_CAPS.smallStateBytes)),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async function put(
    item: WaveformSubject,
    waveform: { peaks: number[]; secondsPerPeak?: number },
  ): Promise<void> {
    const checked = CachedSchema.parse(waveform);
    await fs.mkdir(options.dir, { recursive: true });
    // older caches of the same item (an earlier mtime) are no longer needed
    const stale = (await fs.readdir(options.dir).catch(() => [] as string[])).filter((n) =>
      n.startsWith(`${item.id}-`),
    );
    await Promise.all(stale.map((n) => fs.rm(join(options.dir, n), { force: true })));
    await writeJsonAtomic(fileOf(item), checked);
  }

  return {
    async get(item, mediaPath) {
      const cached = await readCached(item);
      if (cached) return cached;
      const key = fileOf(item);
      let running = computing.get(key);
      if (!running) {
        running = (async () => {
          const decoded = await decode(mediaPath).catch(() => null);
          if (!decoded || decoded.peaks.length === 0) return null;
          const waveform = { peaks: decoded.peaks, secondsPerPeak: decoded.secondsPerPeak };
          await put(item, waveform).catch(() => undefined);
          return waveform;
        })().finally(() => computing.delete(key));
        computing.set(key, running);
      }
      return running;
    },
    put,
    window: (mediaPath, window) => decodeWindow(mediaPath, window),
  };
}
