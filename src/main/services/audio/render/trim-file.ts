/**
 * Renders a trim of one file into another, in the worker: decode (up to the region's end) → cut
 * at sample-exact boundaries → fades → encode in the source's format family → write `target`.
 *
 *   await trimFile({ source, target, format: 'flac', region }, { signal });
 *
 * `target` is a temp path the library gave (createItem's writeMedia); the source is only read.
 */
import { promises as fs } from 'node:fs';
import { AppError } from '@shared/errors';
import type { TrimRequest } from '@shared/domain/trim';
import type { BitDepth, EncodeFormat, PcmAudio } from '../encode/types';
import { applyFades, cutPcm, frameAt, framesOf } from './trim';

export interface TrimFileInput {
  source: string;
  target: string;
  format: EncodeFormat;
  region: Pick<TrimRequest, 'startMs' | 'endMs' | 'fadeInMs' | 'fadeOutMs' | 'fadeCurve'>;
  /** WAV and FLAC: the sample size written (the source's, 16 or 24). */
  bitDepth?: BitDepth;
  /** MP3: the bit rate written (kbit/s). */
  kbps?: number;
}

export interface TrimFileResult {
  sampleRate: number;
  channels: number;
  frames: number;
  /** frames / sampleRate in ms, rounded. */
  durationMs: number;
}

export interface TrimEngine {
  decode(path: string, options: { signal?: AbortSignal; maxMs?: number }): Promise<PcmAudio | null>;
  encode(
    pcm: PcmAudio,
    format: EncodeFormat,
    options: {
      bitDepth?: BitDepth;
      kbps?: number;
      signal?: AbortSignal;
      onProgress?: (fraction: number) => void;
    },
  ): Promise<Uint8Array>;
}

/** Decoding stops this far past the region's end (decoders hand over whole frames anyway). */
const DECODE_MARGIN_MS = 100;

/** The share of the work done once decoded (encoding is most of it, an MP3's above all). */
const DECODED = 0.2;

export async function trimFile(
  input: TrimFileInput,
  engine: TrimEngine,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<TrimFileResult> {
  const { region } = input;
  const { signal, onProgress } = options;
  const pcm = await engine.decode(input.source, {
    signal,
    maxMs: region.endMs + DECODE_MARGIN_MS,
  });
  if (!pcm || framesOf(pcm) === 0)
    throw new AppError(
      'validation',
      'The audio of this item could not be read, so it cannot be trimmed.',
    );
  if (frameAt(region.startMs, pcm.sampleRate) >= framesOf(pcm))
    throw new AppError('validation', 'The region starts after the end of the audio.');
  signal?.throwIfAborted();
  onProgress?.(DECODED);
  const kept = cutPcm(pcm, region.startMs, region.endMs);
  applyFades(kept, region);
  const bytes = await engine.encode(kept, input.format, {
    bitDepth: input.bitDepth,
    kbps: input.kbps,
    signal,
    onProgress: (f) => onProgress?.(DECODED + (1 - DECODED) * f),
  });
  signal?.throwIfAborted();
  await fs.writeFile(input.target, bytes);
  onProgress?.(1);
  const frames = framesOf(kept);
  return {
    sampleRate: kept.sampleRate,
    channels: kept.channels.length,
    frames,
    durationMs: Math.round((frames / kept.sampleRate) * 1000),
  };
}
