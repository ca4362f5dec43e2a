/**
 * Checks a recording offered for cloning before anything is sent: its type (extension and first
 * bytes), its size, and its length where the header tells it (WAV, MP3, FLAC) — without decoding.
 */
import { promises as fs } from 'node:fs';
import { extname } from 'node:path';
import { CLONE_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_EXTENSIONS } from '@shared/domain/service-limits';
import { wavDurationMs } from '../library/duration';

/** Cadenza's own bounds on one clone recording (the spec names none). */
export const CLONE_MIN_DURATION_MS = 2_000;
export const CLONE_MAX_DURATION_MS = 10 * 60_000;

export interface ProbedAudio {
  durationMs: number | null;
  /** Why it cannot be used, or null. */
  problem: string | null;
}

const MP3_BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** MP3 length from the Xing/Info frame count, else from the first frame's bitrate (CBR). */
function mp3DurationMs(buf: Buffer, fileBytes: number): number | null {
  let pos = 0;
  if (buf.toString('latin1', 0, 3) === 'ID3' && buf.length >= 10) {
    pos =
      10 +
      (((buf[6]! & 0x7f) << 21) |
        ((buf[7]! & 0x7f) << 14) |
        ((buf[8]! & 0x7f) << 7) |
        (buf[9]! & 0x7f));
  }
  for (; pos + 4 <= buf.length; pos++) {
    if (buf[pos] !== 0xff || (buf[pos + 1]! & 0xe0) !== 0xe0) continue;
    const version = (buf[pos + 1]! >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
    const layer = (buf[pos + 1]! >> 1) & 3; // 1 = Layer III
    const bitrateIdx = buf[pos + 2]! >> 4;
    const rateIdx = (buf[pos + 2]! >> 2) & 3;
    if (version === 1 || layer !== 1 || bitrateIdx === 0 || bitrateIdx === 15 || rateIdx === 3)
      continue;
    const sampleRate = MP3_RATES[version]![rateIdx]!;
    const kbps = (version === 3 ? MP3_BITRATES_V1_L3 : MP3_BITRATES_V2_L3)[bitrateIdx]!;
    const samplesPerFrame = version === 3 ? 1152 : 576;
    const mono = buf[pos + 3]! >> 6 === 3;
    const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const tag = buf.toString('latin1', pos + 4 + sideInfo, pos + 8 + sideInfo);
    if (
      (tag === 'Xing' || tag === 'Info') &&
      buf.length >= pos + 16 + sideInfo &&
      buf[pos + 11 + sideInfo]! & 1
    ) {
      const frames = buf.readUInt32BE(pos + 12 + sideInfo);
      return Math.round((frames * samplesPerFrame * 1000) / sampleRate);
    }
    return Math.round(((fileBytes - pos) * 8) / kbps);
  }
  return null;
}

/** FLAC length from STREAMINFO (sample rate and total samples). */
function flacDurationMs(buf: Buffer): number | null {
  if (buf.length < 42 || buf.toString('latin1', 0, 4) !== 'fLaC') return null;
  const si = 8; // after "fLaC" and the 4-byte block header
  const sampleRate = (buf[si + 10]! << 12) | (buf[si + 11]! << 4) | (buf[si + 12]! >> 4);
  const total = (buf[si + 13]! & 0x0f) * 2 ** 32 + buf.readUInt32BE(si + 14);
  return sampleRate > 0 && total > 0 ? Math.round((total * 1000) / sampleRate) : null;
}

export async function audioDurationMs(path: string): Promise<number | null> {
  const ext = extname(path).slice(1).toLowerCase();
  if (ext === 'wav') return wavDurationMs(path);
  if (ext !== 'mp3' && ext !== 'flac') return null;
  const handle = await fs.open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 256 * 1024));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const buf = head.subarray(0, bytesRead);
    return ext === 'mp3' ? mp3DurationMs(buf, size) : flacDurationMs(buf);
  } finally {
    await handle.close();
  }
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The checks the clone form shows per file and the upload enforces. */
export async function probeCloneFile(path: string, sizeBytes: number): Promise<ProbedAudio> {
  const ext = extname(path).slice(1).toLowerCase();
  if (!(UPLOAD_AUDIO_EXTENSIONS as readonly string[]).includes(ext)) {
    return {
      durationMs: null,
      problem: `Use an audio recording (${UPLOAD_AUDIO_EXTENSIONS.join(', ')}).`,
    };
  }
  if (sizeBytes === 0) return { durationMs: null, problem: 'The file is empty.' };
  if (sizeBytes > CLONE_UPLOAD_MAX_BYTES) {
    return {
      durationMs: null,
      problem: `The file is ${mb(sizeBytes)}; recordings can be at most ${mb(CLONE_UPLOAD_MAX_BYTES)}.`,
    };
  }
  const durationMs = await audioDurationMs(path);
  if (durationMs !== null && durationMs < CLONE_MIN_DURATION_MS) {
    return {
      durationMs,
      problem: `The recording lasts ${secs(durationMs)}; use at least ${secs(CLONE_MIN_DURATION_MS)} of speech.`,
    };
  }
  if (durationMs !== null && durationMs > CLONE_MAX_DURATION_MS) {
    return {
      durationMs,
      problem: `The recording lasts ${secs(durationMs)}; use at most ${CLONE_MAX_DURATION_MS / 60_000} minutes.`,
    };
  }
  return { durationMs, problem: null };
}
