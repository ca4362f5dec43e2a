/**
 * Measuring a URL the user typed (training audio, singing-video audio and photo) before anything
 * is spent (DESIGN §3): http(s) only, no key and no cookies (nothing but a user agent and a Range
 * header is sent), a few seconds and a few megabytes at most. Reads the header bytes with Range
 * requests and works the duration out from them:
 *
 *   MP3  Xing/Info or VBRI frame count, else the first frame's bitrate × the file's length (CBR)
 *   WAV  the fmt chunk's byte rate and the data chunk's size
 *   M4A  the `mvhd` box (following the top-level boxes with Range requests when `moov` is late)
 *   JPEG/PNG  the size only
 *
 *   const m = await measureUrl('https://host/take.mp3');   // { durationS: 300, format: 'mp3', … }
 *   if (m.problem) …                                      // "could not measure" with the reason
 */
import { AppError } from '@shared/errors';
import { createHttpPolicy, type HttpPolicy, type HttpResponse } from '../http/policy';

export type MediaFormat =
  'mp3' | 'wav' | 'm4a' | 'mp4' | 'jpg' | 'png' | 'gif' | 'webp' | 'unknown';

export interface Measurement {
  url: string;
  format: MediaFormat;
  kind: 'audio' | 'image' | 'video' | 'unknown';
  /** The whole file's size, when the server said it. */
  sizeBytes: number | null;
  durationS: number | null;
  /** Why it could not be reached or measured; null when measured. */
  problem: string | null;
}

export interface MeasureOptions {
  /** Whole measurement deadline (default 8 s). */
  timeoutMs?: number;
  /** Bytes read at most, across all requests (default 4 MB). */
  maxBytes?: number;
  signal?: AbortSignal;
  /** The HTTP policy (redirects, address guard, proxy); default: one for measuring. */
  policy?: HttpPolicy;
}

export const MEASURE_TIMEOUT_MS = 8_000;
export const MEASURE_MAX_BYTES = 4 * 1024 * 1024;
const HEAD_BYTES = 64 * 1024;
const USER_AGENT = 'Cadenza (measuring a link)';
let defaultPolicy: HttpPolicy | undefined;

class Fetcher {
  bytesRead = 0;
  totalBytes: number | null = null;
  contentType = '';
  constructor(
    readonly url: URL,
    private readonly opts: Required<Pick<MeasureOptions, 'maxBytes'>> & {
      signal: AbortSignal;
      policy: HttpPolicy;
      timeoutMs: number;
    },
  ) {}

  /** Bytes [start, start + length) (fewer at the end of the file or of the budget). */
  async range(start: number, length: number): Promise<Buffer> {
    const want = Math.min(length, this.opts.maxBytes - this.bytesRead);
    if (want <= 0)
      throw new Error(
        `reading it would take more than ${Math.round(this.opts.maxBytes / 1048576)} MB`,
      );
    return this.opts.policy.request(
      {
        url: this.url,
        headers: {
          accept: '*/*',
          'accept-encoding': 'identity',
          range: `bytes=${start}-${start + want - 1}`,
        },
        signal: this.opts.signal,
        ctx: { action: 'measure the link' },
        kind: 'call',
        deadlineMs: this.opts.timeoutMs,
        attempts: 1,
      },
      (res) => this.read(res, start, want),
    );
  }

  private async read(res: HttpResponse, start: number, want: number): Promise<Buffer> {
    if (res.status === 416) {
      await res.discard();
      return Buffer.alloc(0);
    }
    if (res.status < 200 || res.status > 299) {
      await res.discard();
      throw new Error(`the server answered HTTP ${res.status}`);
    }
    this.contentType = (res.header('content-type') ?? this.contentType).toLowerCase();
    const partial = res.status === 206;
    const contentRange = res.header('content-range');
    const totalFromRange = contentRange ? Number(/\/(\d+)\s*$/.exec(contentRange)?.[1]) : NaN;
    const lengthHeader = res.header('content-length');
    if (partial && Number.isFinite(totalFromRange)) this.totalBytes = totalFromRange;
    else if (!partial && lengthHeader !== undefined && Number.isFinite(Number(lengthHeader)))
      this.totalBytes = Number(lengthHeader);
    // a 200 answer is the whole file from byte 0: skip to `start`, keep `want` bytes, stop reading
    let skip = partial ? 0 : start;
    const chunks: Buffer[] = [];
    let kept = 0;
    let ended = true;
    for await (const chunk of res.body()) {
      let buf = chunk;
      this.bytesRead += buf.length;
      if (skip > 0) {
        const drop = Math.min(skip, buf.length);
        skip -= drop;
        buf = buf.subarray(drop);
      }
      if (buf.length > 0) {
        chunks.push(buf.subarray(0, want - kept));
        kept += Math.min(buf.length, want - kept);
      }
      if (kept >= want || this.bytesRead >= this.opts.maxBytes) {
        ended = false;
        break;
      }
    }
    // without a length header, a 200 answer that ended tells the size
    if (!partial && ended && this.totalBytes === null) this.totalBytes = start + kept;
    return Buffer.concat(chunks);
  }
}

// ---- format sniffing ----

export function sniffFormat(head: Buffer, contentType = '', url = ''): MediaFormat {
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WAVE'
  )
    return 'wav';
  if (head.length >= 12 && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (/^M4[AB] /.test(brand) || contentType.startsWith('audio/') || /\.m4a(\?|$)/i.test(url))
      return 'm4a';
    return 'mp4';
  }
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && mp3Frame(head, 0))
    return 'mp3';
  return 'unknown';
}

const kindOf = (f: MediaFormat): Measurement['kind'] =>
  f === 'mp3' || f === 'wav' || f === 'm4a'
    ? 'audio'
    : f === 'mp4'
      ? 'video'
      : f === 'unknown'
        ? 'unknown'
        : 'image';

// ---- MP3 ----

const BITRATES_KBPS: Record<string, number[]> = {
  // [version 1 | 2][layer]
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

interface Mp3Frame {
  bitrateBps: number;
  sampleRate: number;
  samplesPerFrame: number;
  frameBytes: number;
  mpeg1: boolean;
  mono: boolean;
}

export function mp3Frame(buf: Buffer, at: number): Mp3Frame | null {
  if (at + 4 > buf.length || buf[at] !== 0xff || (buf[at + 1]! & 0xe0) !== 0xe0) return null;
  const versionBits = (buf[at + 1]! >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
  const layerBits = (buf[at + 1]! >> 1) & 3; // 3 = I, 2 = II, 1 = III
  const bitrateIndex = buf[at + 2]! >> 4;
  const rateIndex = (buf[at + 2]! >> 2) & 3;
  if (
    versionBits === 1 ||
    layerBits === 0 ||
    bitrateIndex === 0 ||
    bitrateIndex === 15 ||
    rateIndex === 3
  )
    return null;
  const layer = 4 - layerBits;
  const mpeg1 = versionBits === 3;
  const table = BITRATES_KBPS[mpeg1 ? `1-${layer}` : layer === 1 ? '2-1' : '2-2'];
  const kbps = table?.[bitrateIndex];
  const sampleRate = SAMPLE_RATES[versionBits]?.[rateIndex];
  if (!kbps || !sampleRate) return null;
  const padding = (buf[at + 2]! >> 1) & 1;
  const samplesPerFrame = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  const frameBytes =
    layer === 1
      ? (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * kbps * 1000) / sampleRate) + padding;
  return {
    bitrateBps: kbps * 1000,
    sampleRate,
    samplesPerFrame,
    frameBytes,
    mpeg1,
    mono: buf[at + 3]! >> 6 === 3,
  };
}

/** Size of a leading ID3v2 tag (0 when none). */
export function id3Size(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size =
    ((head[6]! & 0x7f) << 21) |
    ((head[7]! & 0x7f) << 14) |
    ((head[8]! & 0x7f) << 7) |
    (head[9]! & 0x7f);
  return 10 + size + (head[5]! & 0x10 ? 10 : 0);
}

/** Duration of an MP3 whose audio starts at `buf[0]` (after any ID3 tag); `audioBytes` is its length. */
export function mp3DurationS(buf: Buffer, audioBytes: number | null): number | null {
  let at = 0;
  // the first frame whose successor is also a frame (guards against a stray sync word)
  for (; at + 4 <= buf.length && at < 8192; at++) {
    const f = mp3Frame(buf, at);
    if (!f) continue;
    const next = at + f.frameBytes;
    if (next + 4 > buf.length || mp3Frame(buf, next)) break;
  }
  const first = mp3Frame(buf, at);
  if (!first) return null;
  const side = first.mpeg1 ? (first.mono ? 17 : 32) : first.mono ? 9 : 17;
  const xingAt = at + 4 + side;
  const tag = buf.toString('latin1', xingAt, xingAt + 4);
  if (
    (tag === 'Xing' || tag === 'Info') &&
    xingAt + 12 <= buf.length &&
    buf.readUInt32BE(xingAt + 4) & 1
  ) {
    const frames = buf.readUInt32BE(xingAt + 8);
    if (frames > 0) return (frames * first.samplesPerFrame) / first.sampleRate;
  }
  const vbriAt = at + 4 + 32;
  if (buf.toString('latin1', vbriAt, vbriAt + 4) === 'VBRI' && vbriAt + 18 <= buf.length) {
    const frames = buf.readUInt32BE(vbriAt + 14);
    if (frames > 0) return (frames * first.samplesPerFrame) / first.sampleRate;
  }
  if (audioBytes === null) return null;
  return ((audioBytes - at) * 8) / first.bitrateBps;
}

// ---- WAV ----

export function wavDurationS(head: Buffer, totalBytes: number | null): number | null {
  let byteRate = 0;
  let pos = 12;
  while (pos + 8 <= head.length) {
    const id = head.toString('latin1', pos, pos + 4);
    const size = head.readUInt32LE(pos + 4);
    if (id === 'fmt ' && pos + 16 <= head.length) byteRate = head.readUInt32LE(pos + 16);
    if (id === 'data') {
      if (!byteRate) return null;
      const available = totalBytes === null ? null : totalBytes - (pos + 8);
      const bytes =
        size === 0 || size === 0xffffffff
          ? available
          : available === null
            ? size
            : Math.min(size, available);
      return bytes === null ? null : bytes / byteRate;
    }
    pos += 8 + size + (size % 2);
  }
  return null;
}

// ---- M4A / MP4 ----

/** Reads `mvhd` inside a `moov` box's bytes; the duration in seconds. */
export function mvhdDurationS(moov: Buffer): number | null {
  let pos = 8;
  while (pos + 8 <= moov.length) {
    const size = moov.readUInt32BE(pos);
    const type = moov.toString('latin1', pos + 4, pos + 8);
    if (type === 'mvhd') {
      const version = moov[pos + 8];
      if (version === 1 && pos + 40 <= moov.length) {
        const timescale = moov.readUInt32BE(pos + 28);
        const duration = Number(moov.readBigUInt64BE(pos + 32));
        return timescale ? duration / timescale : null;
      }
      if (pos + 28 <= moov.length) {
        const timescale = moov.readUInt32BE(pos + 20);
        const duration = moov.readUInt32BE(pos + 24);
        return timescale ? duration / timescale : null;
      }
      return null;
    }
    if (size < 8) return null;
    pos += size;
  }
  return null;
}

async function mp4DurationS(f: Fetcher, head: Buffer): Promise<number | null> {
  let buf = head;
  let bufStart = 0;
  let pos = 0;
  for (let hops = 0; hops < 64; hops++) {
    if (pos + 16 > bufStart + buf.length) {
      if (f.totalBytes !== null && pos >= f.totalBytes) return null;
      buf = await f.range(pos, HEAD_BYTES);
      bufStart = pos;
      if (buf.length < 8) return null;
    }
    const rel = pos - bufStart;
    let size = buf.readUInt32BE(rel);
    const type = buf.toString('latin1', rel + 4, rel + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(rel + 8));
    else if (size === 0) size = (f.totalBytes ?? pos) - pos;
    if (size < 8) return null;
    if (type === 'moov') {
      const moov =
        rel + size <= buf.length ? buf.subarray(rel, rel + size) : await f.range(pos, size);
      return mvhdDurationS(moov);
    }
    pos += size;
  }
  return null;
}

// ---- the measurement ----

/** An AppError from the HTTP policy as the end of "Could not measure this link: …". */
function appReason(e: AppError): string {
  if (e.code === 'network')
    return /^The connection/.test(e.message)
      ? 'the connection broke before the file arrived'
      : 'the server could not be reached';
  if (e.code === 'timeout') return 'it did not answer in time';
  const text = e.message.replace(/\.$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function refusal(url: string, problem: string): Measurement {
  return { url, format: 'unknown', kind: 'unknown', sizeBytes: null, durationS: null, problem };
}

export async function measureUrl(url: string, opts: MeasureOptions = {}): Promise<Measurement> {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return refusal(url, 'This is not a full link (it should start with https://).');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return refusal(url, 'Only http(s) links can be used.');
  const timeoutMs = opts.timeoutMs ?? MEASURE_TIMEOUT_MS;
  const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
  const f = new Fetcher(parsed, {
    maxBytes: opts.maxBytes ?? MEASURE_MAX_BYTES,
    signal: AbortSignal.any(signals),
    policy: opts.policy ?? (defaultPolicy ??= createHttpPolicy({ userAgent: USER_AGENT })),
    timeoutMs,
  });
  try {
    let head = await f.range(0, HEAD_BYTES);
    const format = sniffFormat(head, f.contentType, parsed.pathname);
    const base: Measurement = {
      url,
      format,
      kind: kindOf(format),
      sizeBytes: f.totalBytes,
      durationS: null,
      problem: null,
    };
    let durationS: number | null = null;
    let why = '';
    if (format === 'mp3') {
      const skip = id3Size(head);
      if (skip > 0)
        head = skip + 16 <= head.length ? head.subarray(skip) : await f.range(skip, HEAD_BYTES);
      durationS = mp3DurationS(head, f.totalBytes === null ? null : f.totalBytes - skip);
      if (durationS === null)
        why =
          f.totalBytes === null
            ? 'the server did not say how large the file is'
            : 'its MP3 frames could not be read';
    } else if (format === 'wav') {
      durationS = wavDurationS(head, f.totalBytes);
      if (durationS === null) why = 'its WAV header could not be read';
    } else if (format === 'm4a' || format === 'mp4') {
      durationS = await mp4DurationS(f, head);
      if (durationS === null) why = 'its length is not in the part of the file Cadenza reads';
    } else if (base.kind === 'image') {
      return base;
    } else {
      why = 'it is not an MP3, WAV or M4A file';
    }
    if (durationS === null) return { ...base, problem: `Could not measure this link: ${why}.` };
    return { ...base, durationS: Math.round(durationS * 1000) / 1000 };
  } catch (e) {
    const timedOut = signals[0]!.aborted;
    if (opts.signal?.aborted) return refusal(url, 'Measuring was cancelled.');
    const reason = timedOut
      ? `it did not answer within ${Math.max(1, Math.round(timeoutMs / 1000))} seconds`
      : e instanceof AppError
        ? appReason(e)
        : e instanceof Error
          ? e.message
          : 'the server could not be reached';
    return refusal(url, `Could not measure this link: ${reason}.`);
  }
}

/** Measures several links at once (a few at a time). */
export async function measureUrls(
  urls: readonly string[],
  opts: MeasureOptions = {},
): Promise<Measurement[]> {
  const out: Measurement[] = new Array<Measurement>(urls.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      const i = next++;
      out[i] = await measureUrl(urls[i]!, opts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, urls.length) }, worker));
  return out;
}
