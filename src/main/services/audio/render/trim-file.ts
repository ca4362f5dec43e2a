/**
 * Renders a trim of one file into another, in the worker, as the samples come: decode (up to the
 * region's end) → cut at sample-exact boundaries → fades → encode in the source's format family →
 * written to `target` chunk by chunk (TrimStream, openPcmWriter). Any length, bounded memory.
 *
 *   await trimFile({ source, target, format: 'flac', region }, { signal });
 *
 * `target` is a temp path the library gave (createItem's writeMedia); the source is only read.
 */
import { appError } from '@shared/app-error';
import type { AppError } from '@shared/errors';
import type { TrimRequest } from '@shared/domain/trim';
import { decodeForRender } from '../decode/stream';
import { openPcmWriter, type PcmWriter } from '../encode/writer';
import type { BitDepth, EncodeFormat } from '../encode/types';
import { probeFile } from '../probe';
import { frameAt, TrimStream } from './trim';

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

/**
 * Memory of one trim, whatever the source's length: the decoder's chunk (about 1 Mi frames, 8 MB
 * of stereo float), what the fades hold back (TrimStream: a fade's length, at most a minute) and
 * the encoder's chunk and 1 MiB of output, and what the GC has not yet freed of them — measured
 * +90 MB for the silent hour, +132 MB for the last five minutes of a 60-minute FLAC; ceiling
 * 160 MB (docs/security.md).
 */
export const TRIM_CEILING_MB = 160;

export async function trimFile(
  input: TrimFileInput,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<TrimFileResult> {
  const { region } = input;
  const { signal, onProgress } = options;
  const unreadable = (): AppError => appError('validation', 'errors:trim.unreadable');
  const probe = await probeFile(input.source);
  if (!probe) throw unreadable();
  let trim: TrimStream | null = null;
  let out: PcmWriter | null = null;
  let decoded = 0;
  let channels = 0;
  let lastReport = 0;
  const write = async (samples: Float32Array[] | null): Promise<void> => {
    if (!samples || samples[0]!.length === 0) return;
    out ??= await openPcmWriter(input.target, {
      format: input.format,
      sampleRate: trim!.sampleRate,
      channels: samples.length,
      bitDepth: input.bitDepth,
      kbps: input.kbps,
    });
    await out.write(samples, samples[0]!.length);
  };
  try {
    const decoder = await decodeForRender(
      input.source,
      probe,
      async (c) => {
        const rate = c.sampleRate;
        if (!trim) {
          channels = c.channels.length;
          trim = new TrimStream(rate, channels, region);
        }
        decoded += c.frames;
        await write(trim.push(c.channels, c.frames));
        if (Date.now() - lastReport > 200) {
          lastReport = Date.now();
          onProgress?.(Math.min(0.99, trim.framesSeen / Math.max(1, frameAt(region.endMs, rate))));
        }
        return !trim.done;
      },
      signal,
    );
    if (!decoder || decoded === 0 || !trim) throw unreadable();
    const t: TrimStream = trim;
    await write(t.end());
    if (!out) throw appError('validation', 'errors:trim.startAfterEnd');
    const { frames } = await (out as PcmWriter).finish();
    out = null;
    onProgress?.(1);
    return {
      sampleRate: t.sampleRate,
      channels,
      frames,
      durationMs: Math.round((frames / t.sampleRate) * 1000),
    };
  } finally {
    // a stopped or failed trim leaves no file for the library to place (its temp is removed)
    if (out) await (out as PcmWriter).close();
  }
}
