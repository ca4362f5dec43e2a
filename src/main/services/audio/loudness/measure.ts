/**
 * Loudness of an audio file: decoded to PCM (audio/decode/pcm.ts) and fed to the BS.1770 meter.
 * Runs in the worker (task `audio.loudness`); plain functions, so tests, benches and the CLI's
 * worker call the same code.
 *
 *   const l = await measureLoudness('/music/song.mp3');   // null: not decodable here (AAC, video)
 *   l.integratedLufs; l.truePeakDb
 */
import { LOUDNESS_METER_VERSION, type Loudness } from '@shared/domain/loudness';
import { decodePcm } from '../decode/pcm';
import { LoudnessMeter, type LoudnessResult } from './meter';

export interface MeasureOptions {
  signal?: AbortSignal;
  now?: () => Date;
}

/** Frames handed to the meter at a time (the abort signal is checked between them). */
const STEP = 1 << 16;

/** The full meter reading (sample peak and length included), or null when not decodable. */
export async function meterFile(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<LoudnessResult | null> {
  const pcm = await decodePcm(path, { signal: options.signal });
  if (!pcm || pcm.channels.length === 0) return null;
  return meterPcm(pcm, options);
}

/** The meter reading of decoded audio (the export's levelling measures what it will write). */
export function meterPcm(
  pcm: { sampleRate: number; channels: Float32Array[] },
  options: { signal?: AbortSignal } = {},
): LoudnessResult {
  const meter = new LoudnessMeter(pcm.sampleRate, pcm.channels.length);
  const frames = pcm.channels[0]?.length ?? 0;
  for (let at = 0; at < frames; at += STEP) {
    options.signal?.throwIfAborted();
    const n = Math.min(STEP, frames - at);
    meter.add(
      pcm.channels.map((c) => c.subarray(at, at + n)),
      n,
    );
  }
  return meter.result();
}

const rounded = (v: number): number | null =>
  Number.isFinite(v) ? Math.round(v * 100) / 100 : null;

/** What the sidecar keeps: integrated loudness and true peak, rounded to 0.01 dB. */
export async function measureLoudness(
  path: string,
  options: MeasureOptions = {},
): Promise<Loudness | null> {
  const r = await meterFile(path, options);
  if (!r) return null;
  return {
    integratedLufs: r.integratedLufs === null ? null : rounded(r.integratedLufs),
    truePeakDb: rounded(r.truePeakDb),
    measuredAt: (options.now ?? (() => new Date()))().toISOString(),
    version: LOUDNESS_METER_VERSION,
  };
}
