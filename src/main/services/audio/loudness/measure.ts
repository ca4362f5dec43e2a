/**
 * Loudness of an audio file: streamed chunk by chunk (audio/decode/stream.ts) through the BS.1770
 * meter.
 * Runs in the worker (task `audio.loudness`); plain functions, so tests, benches and the CLI's
 * worker call the same code.
 *
 *   const l = await measureLoudness('/music/song.mp3');   // null: not decodable here (AAC, video)
 *   l.integratedLufs; l.truePeakDb
 */
import { LOUDNESS_METER_VERSION, type Loudness } from '@shared/domain/loudness';
import { isDecodedFormat } from '../decode/decoders';
import { decodeChunks } from '../decode/stream';
import { probeFile } from '../probe';
import { LoudnessMeter, type LoudnessResult } from './meter';

export interface MeasureOptions {
  signal?: AbortSignal;
  now?: () => Date;
}

/** Frames handed to the meter at a time (the abort signal is checked between them). */
const STEP = 1 << 16;

/**
 * The full meter reading (sample peak and length included), or null when not decodable. The file
 * streams through the meter chunk by chunk (audio/decode/stream.ts), never decoded whole: memory
 * stays at one decoded chunk plus the meter's 100 ms energies (8 bytes per channel per 100 ms:
 * under 600 KB for a stereo day), however long the audio is — a 45 KB FLAC of an hour of
 * silence is measured like any hour of music.
 */
export async function meterFile(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<LoudnessResult | null> {
  const probe = await probeFile(path);
  if (!probe || !isDecodedFormat(probe.format)) return null;
  let meter: LoudnessMeter | null = null;
  let kept = 0;
  const decoder = await decodeChunks(
    path,
    probe,
    (c) => {
      if (c.frames <= 0 || c.channels.length === 0) return;
      if (!meter) {
        // mpg123 gives a mono file's samples twice: measure the channels the file has
        kept = Math.min(c.channels.length, probe.channels ?? c.channels.length);
        meter = new LoudnessMeter(c.sampleRate ?? probe.sampleRate ?? 44_100, kept);
      }
      for (let at = 0; at < c.frames; at += STEP) {
        const n = Math.min(STEP, c.frames - at);
        meter.add(
          c.channels.slice(0, kept).map((ch) => ch.subarray(at, at + n)),
          n,
        );
      }
    },
    options.signal,
  );
  if (!decoder || !meter) return null;
  return (meter as LoudnessMeter).result();
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
