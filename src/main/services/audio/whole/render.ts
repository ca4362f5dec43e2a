/**
 * Renders a whole song from a chain of library files (the song first, then each extension with
 * the `continue_at` it was made from) into one MP3 file. Runs in the worker (task
 * `audio.wholeSong`): each part's opening is decoded to find where its new audio starts
 * (shape.ts), then the parts stream one after another through the stitcher (stitch-stream.ts,
 * sample for sample what stitch.ts does on whole buffers) into the MP3 writer: any length within
 * WHOLE_SONG_CEILING_MB. Only the report crosses back to main.
 *
 *   const report = await renderWholeSong(
 *     { parts: [{ path: root }, { path: ext, continueAtMs: 42_500 }], outPath }, { signal });
 */
import { appError } from '@shared/app-error';
import type { AppError } from '@shared/errors';
import { decodePcm } from '../decode/pcm';
import { decodeForRender } from '../decode/stream';
import { MP3_SAMPLE_RATES, openPcmWriter } from '../encode';
import type { PcmAudio } from '../encode/types';
import { probeFile, type MediaProbe } from '../probe';
import { extensionShape } from './shape';
import { conform, DEFAULT_CROSSFADE_MS, type SeamReport } from './stitch';
import { conformChannels, Resampler, StitchStream } from './stitch-stream';

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

/** The opening of each part that shape detection compares (6 s and the lag search, with room). */
const OPENING_MS = 8000;

/**
 * Memory of one whole-song render, whatever the chain's length: each part's 8 s opening (for the
 * shape), a decoder chunk at a time through the resamplers, the crossfade held at a seam, and the
 * encoder's chunk and 1 MiB of output, and what the GC has not yet freed — ceiling 160 MB
 * (docs/security.md).
 */
export const WHOLE_SONG_CEILING_MB = 160;

export async function renderWholeSong(
  input: WholeSongInput,
  deps: { signal?: AbortSignal; onProgress?: (p: WholeSongProgress) => void },
): Promise<WholeSongReport> {
  const { parts } = input;
  const { signal } = deps;
  if (parts.length < 2) throw appError('validation', 'errors:audio.wholeNeedsParts');
  if (parts.slice(1).some((p) => p.continueAtMs === undefined))
    throw appError('validation', 'errors:audio.extensionNoStart');
  const undecodable = (part: WholePart): AppError =>
    appError('validation', 'errors:audio.partUndecodable', {}, { detail: part.path });
  // the openings, at the song's rate and channels: where each extension's new audio starts
  const probes: MediaProbe[] = [];
  const openings: PcmAudio[] = [];
  let rate = 0;
  let channels = 0;
  for (const part of parts) {
    signal?.throwIfAborted();
    const probe = await probeFile(part.path);
    const head = probe ? await decodePcm(part.path, { signal, probe, maxMs: OPENING_MS }) : null;
    if (!probe || !head) throw undecodable(part);
    if (openings.length === 0) {
      rate = head.sampleRate;
      channels = head.channels.length;
    }
    probes.push(probe);
    openings.push(conform(head, rate, channels));
  }
  const at = parts.map((p) => Math.round(((p.continueAtMs ?? 0) * rate) / 1000));
  const plans = parts.map((_, i) => {
    if (i === 0) return { newFrom: 0, cutAt: at[1]! };
    const shape = extensionShape(openings[i - 1]!, openings[i]!, at[i]!);
    const newFrom = shape.shape === 'whole' ? Math.max(0, at[i]! + shape.lagFrames) : 0;
    return { newFrom, cutAt: i + 1 < parts.length ? at[i + 1]! : Infinity, shape };
  });
  openings.length = 0;
  deps.onProgress?.({ phase: 'decode', fraction: 0.05 });

  // the MP3 encoder's rates: a song at another rate is resampled to the nearest of them
  const outRate = MP3_SAMPLE_RATES.includes(rate)
    ? rate
    : MP3_SAMPLE_RATES.reduce((a, b) => (Math.abs(b - rate) < Math.abs(a - rate) ? b : a));
  const toOut = new Resampler(rate, outRate);
  const outChannels = Math.min(2, channels);
  const crossfadeMs = input.crossfadeMs ?? DEFAULT_CROSSFADE_MS;
  const song = new StitchStream(rate, channels, crossfadeMs);
  const out = await openPcmWriter(input.outPath, {
    format: 'mp3',
    sampleRate: outRate,
    channels: outChannels,
    kbps: input.kbps,
  });
  let finished = false;
  const emit = async (frames: Float32Array[] | null): Promise<void> => {
    if (!frames || (frames[0]?.length ?? 0) === 0) return;
    const o = toOut.push(frames, frames[0]!.length);
    await out.write(o, o[0]?.length ?? 0);
  };
  try {
    const partMs: number[] = [];
    for (const [i, part] of parts.entries()) {
      const probe = probes[i]!;
      song.beginPart(plans[i]!);
      let toSong: Resampler | null = null;
      let decoded = 0;
      let partRate = 0;
      const expected = ((probe.durationMs ?? 0) * (probe.sampleRate ?? rate)) / 1000;
      let lastReport = 0;
      const decoder = await decodeForRender(
        part.path,
        probe,
        async (c) => {
          partRate ||= c.sampleRate;
          toSong ??= new Resampler(partRate, rate);
          decoded += c.frames;
          const same = conformChannels(c.channels, c.frames, channels);
          const r = toSong.push(same, c.frames);
          await emit(song.push(r, r[0]?.length ?? 0));
          if (Date.now() - lastReport > 200) {
            lastReport = Date.now();
            const f = (i + Math.min(1, decoded / Math.max(1, expected))) / parts.length;
            deps.onProgress?.({ phase: 'encode', fraction: 0.05 + 0.95 * Math.min(0.99, f) });
          }
        },
        signal,
      );
      if (!decoder || decoded === 0) throw undecodable(part);
      const rest = (toSong as Resampler | null)?.end() ?? [];
      if ((rest[0]?.length ?? 0) > 0) await emit(song.push(rest, rest[0]!.length));
      await emit(song.endPart());
      partMs.push((decoded / partRate) * 1000);
    }
    await emit(song.end());
    const last = toOut.end();
    await out.write(last, last[0]?.length ?? 0);
    const { bytes } = await out.finish();
    finished = true;
    deps.onProgress?.({ phase: 'encode', fraction: 1 });
    return {
      durationMs: (song.length / rate) * 1000,
      sampleRate: rate,
      channels: outChannels,
      seams: song.seams,
      crossfadeMs,
      partMs,
      bytes,
    };
  } finally {
    if (!finished) await out.close();
  }
}
