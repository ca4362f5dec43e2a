/**
 * An MP3's exact length, counted frame by frame over the whole file: for a found file whose
 * length the listing only estimated (a VBR MP3 over 2 MiB of audio without a Xing/VBRI header,
 * `estimated` from a sample of its frames; mpeg.ts). Run in the background (library/refine.ts),
 * so it reads 1 MiB at a time and lets other work run between reads; bounded by the file's size.
 *
 *   const got = await exactMp3Length(path, { signal });   // { durationMs, sizeBytes, … } or null
 */
import type { Stats } from 'node:fs';
import { openRegular } from '../../ground/regular-file';
import { countFramesIn } from './mpeg';

/** Files larger than this are not counted (an hour of 320 kbit/s is 144 MB). */
export const EXACT_LENGTH_MAX_BYTES = 1024 * 1024 * 1024;

export interface ExactLength {
  durationMs: number;
  /** The file as it was when counted (the caller checks it still is). */
  stat: Stats;
}

export interface ExactLengthOptions {
  /** Stops the count (answers null) at the next read. */
  signal?: AbortSignal;
  /** Awaited before each 1 MiB read (default: one turn of the event loop). */
  pause?: () => Promise<void>;
}

const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** Null: not an MP3 that can be counted, too large, changed meanwhile, or stopped. */
export async function exactMp3Length(
  path: string,
  options: ExactLengthOptions = {},
): Promise<ExactLength | null> {
  const opened = await openRegular(path).catch(() => null);
  if (!opened) return null;
  const { handle, stat } = opened;
  const pause = options.pause ?? nextTurn;
  try {
    if (stat.size === 0 || stat.size > EXACT_LENGTH_MAX_BYTES) return null;
    const read = async (into: Buffer, position: number): Promise<number> => {
      await pause();
      if (options.signal?.aborted) throw new Error('stopped');
      let filled = 0;
      while (filled < into.length) {
        const { bytesRead } = await handle.read(
          into,
          filled,
          into.length - filled,
          position + filled,
        );
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled;
    };
    const count = await countFramesIn(read, stat.size).catch(() => null);
    if (!count || count.audioFrames === 0) return null;
    const { first } = count;
    // the same arithmetic as the probe's (withMpegLength, found-mp3.ts)
    const durationMs = Math.round(
      (count.audioFrames * first.samplesPerFrame * 1000) / first.sampleRate,
    );
    const after = await handle.stat();
    if (after.size !== stat.size || after.mtimeMs !== stat.mtimeMs) return null;
    return { durationMs, stat };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
