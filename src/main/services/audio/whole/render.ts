/**
 * Renders a whole song from a chain of library files (the song first, then each extension with
 * the `continue_at` it was made from) into one MP3 file. Runs in the worker (task
 * `audio.wholeSong`): the parts are decoded one after another (decode/pcm.ts), stitched
 * (stitch.ts) and encoded; only the report crosses back to main.
 *
 *   const report = await renderWholeSong(
 *     { parts: [{ path: root }, { path: ext, continueAtMs: 42_500 }], outPath }, { encode });
 */
import { promises as fs } from 'node:fs';
import { AppError } from '@shared/errors';
import { decodePcm } from '../decode/pcm';
import { conform, DEFAULT_CROSSFADE_MS, WholeSong, type SeamReport } from './stitch';
import { MP3_SAMPLE_RATES } from '../encode';
import type { PcmAudio } from '../encode/types';

export interface WholePart {
  path: string;
  /** Where this part continues its parent, in the parent's file (ms); absent for the first. */
  continueAtMs?: number;
}

export interface WholeSongInput {
  parts: WholePart[];
  /** Where to write the MP3 (a temp path in the library: the caller commits it). */
  outPath: string;
  crossfadeMs?: number;
  kbps?: number;
}

export interface WholeSongReport {
  durationMs: number;
  sampleRate: number;
  channels: number;
  seams: SeamReport[];
  /** The crossfade at each seam (ms). */
  crossfadeMs: number;
  /** Each part's decoded length (ms). */
  partMs: number[];
  bytes: number;
}

export interface WholeSongProgress {
  phase: 'decode' | 'encode';
  /** 0..1 of the whole render. */
  fraction: number;
}

export type Mp3Encode = (
  pcm: PcmAudio,
  options: { kbps?: number; signal?: AbortSignal; onProgress?: (fraction: number) => void },
) => Promise<Uint8Array>;

export async function renderWholeSong(
  input: WholeSongInput,
  deps: { encode: Mp3Encode; signal?: AbortSignal; onProgress?: (p: WholeSongProgress) => void },
): Promise<WholeSongReport> {
  const { parts } = input;
  if (parts.length < 2)
    throw new AppError('validation', 'A whole song needs a song and an extension.');
  const decodeShare = 0.4;
  let song: WholeSong | null = null;
  const partMs: number[] = [];
  for (const [i, part] of parts.entries()) {
    deps.signal?.throwIfAborted();
    const pcm = await decodePcm(part.path, { signal: deps.signal });
    if (!pcm)
      throw new AppError('validation', 'One of the parts of this song cannot be decoded.', {
        detail: part.path,
      });
    partMs.push(pcm.durationMs);
    if (!song) song = new WholeSong(pcm, { crossfadeMs: input.crossfadeMs });
    else if (part.continueAtMs === undefined)
      throw new AppError('validation', 'An extension does not say where it continues its song.');
    else song.extend(pcm, part.continueAtMs);
    deps.onProgress?.({ phase: 'decode', fraction: ((i + 1) / parts.length) * decodeShare });
  }
  const whole = song!;
  let pcm = whole.pcm;
  // the MP3 encoder's rates: a song at another rate is resampled to the nearest of them
  if (!MP3_SAMPLE_RATES.includes(pcm.sampleRate)) {
    const nearest = MP3_SAMPLE_RATES.reduce((a, b) =>
      Math.abs(b - pcm.sampleRate) < Math.abs(a - pcm.sampleRate) ? b : a,
    );
    pcm = conform(pcm, nearest, pcm.channels.length);
  }
  const bytes = await deps.encode(
    { sampleRate: pcm.sampleRate, channels: pcm.channels.slice(0, 2) },
    {
      kbps: input.kbps,
      signal: deps.signal,
      onProgress: (f) =>
        deps.onProgress?.({ phase: 'encode', fraction: decodeShare + f * (1 - decodeShare) }),
    },
  );
  deps.signal?.throwIfAborted();
  await fs.writeFile(input.outPath, bytes);
  return {
    durationMs: whole.durationMs,
    sampleRate: whole.sampleRate,
    channels: Math.min(2, pcm.channels.length),
    seams: whole.seams,
    crossfadeMs: input.crossfadeMs ?? DEFAULT_CROSSFADE_MS,
    partMs,
    bytes: bytes.length,
  };
}
