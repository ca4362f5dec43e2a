/**
 * Measuring a URL the user typed (training audio, singing-video audio and photo) before anything
 * is spent (DESIGN §3): http(s) only, no key and no cookies (nothing but a user agent and a Range
 * header is sent), a few seconds and a few megabytes at most. Reads the bytes that hold the
 * headers with Range requests and hands them to the media probe (services/audio/probe):
 *
 *   MP3  its start (ID3v2 tag and first frames): Xing/Info or VBRI frame count, else CBR by size
 *   WAV  its start (fmt and data chunk headers) against the file's size
 *   M4A  its header boxes and `moov` (followed with Range requests when `moov` is late)
 *   JPEG/PNG  the size only
 *
 *   const m = await measureUrl('https://host/take.mp3');   // { durationS: 300, format: 'mp3', … }
 *   if (m.problem) …                                      // "could not measure" with the reason
 */
import { AppError, type KeyedMessage } from '@shared/errors';
import { englishText, type MessageParams } from '@shared/i18n/english';
import { typedLinkAddressGuard } from '../http/address-guard';
import { createHttpPolicy, type HttpPolicy, type HttpResponse } from '../http/policy';
import { probeBytes } from '../audio/probe';
import { id3v2Bytes, mpegFrameAt } from '../audio/probe/mpeg';
import { boxAt, mp4HeaderBytes } from '../audio/probe/mp4';

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
  /** `problem` as a catalog key and parameters (the renderer says it in the app's language). */
  problemKey?: KeyedMessage | null;
}

/** A reason measuring stopped, by key (its English words are the problem's). */
class MeasureFault extends Error {
  constructor(
    readonly key: string,
    readonly params: MessageParams = {},
  ) {
    super(englishText(key, params));
  }
}

/** A measurement's problem: its English words and its key. */
const problemOf = (
  key: string,
  params: MessageParams = {},
): Pick<Measurement, 'problem' | 'problemKey'> => ({
  problem: englishText(key, params),
  problemKey: Object.keys(params).length > 0 ? { key, params } : { key },
});

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
      throw new MeasureFault('errors:measure.tooLarge', {
        mb: Math.round(this.opts.maxBytes / 1048576),
      });
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
      // in words: the status number is for the log, not the creator (docs/writing.md)
      throw new MeasureFault(
        res.status === 404 || res.status === 410
          ? 'errors:measure.noFile'
          : res.status === 401 || res.status === 403
            ? 'errors:measure.forbidden'
            : 'errors:measure.refusedByServer',
      );
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
  if (head.length >= 2 && head[0] === 0xff && mpegFrameAt(head, 0)) return 'mp3';
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

// ---- the bytes the probe needs ----

/** An MP3's start: its ID3v2 tag (however large) and its first frames. */
async function mp3Start(f: Fetcher, head: Buffer): Promise<Buffer> {
  const tagBytes = id3v2Bytes(head);
  if (tagBytes + 16 * 1024 <= head.length) return head;
  return Buffer.concat([head, await f.range(head.length, tagBytes + 16 * 1024 - head.length)]);
}

/**
 * An MP4's header boxes and its `moov` (following the top-level boxes with Range requests when
 * `moov` comes after the media data); null when it cannot be reached.
 */
async function mp4Headers(f: Fetcher, head: Buffer): Promise<Uint8Array | null> {
  const inHead = mp4HeaderBytes(head);
  if (inHead) return inHead;
  const parts: Uint8Array[] = [];
  let buf = head;
  let bufStart = 0;
  let pos = 0;
  for (let hops = 0; hops < 64; hops++) {
    if (pos + 16 > bufStart + buf.length) {
      if (f.totalBytes !== null && pos >= f.totalBytes) return null;
      buf = await f.range(pos, 16);
      bufStart = pos;
      if (buf.length < 8) return null;
    }
    const box = boxAt(buf, pos - bufStart, bufStart, f.totalBytes ?? undefined);
    if (!box) return null;
    if (box.type !== 'mdat') {
      const rel = pos - bufStart;
      parts.push(
        rel + box.size <= buf.length
          ? buf.subarray(rel, rel + box.size)
          : await f.range(pos, box.size),
      );
      if (box.type === 'moov') return Buffer.concat(parts);
    }
    pos += box.size;
  }
  return null;
}

// ---- the measurement ----

/** An AppError from the HTTP policy as the problem "Could not measure this link: …". */
function appReason(e: AppError): Pick<Measurement, 'problem' | 'problemKey'> {
  if (e.code === 'network')
    return problemOf(
      /^The connection/.test(e.message)
        ? 'errors:measure.connectionBroke'
        : 'errors:measure.unreachable',
    );
  if (e.code === 'timeout') return problemOf('errors:measure.noAnswer');
  // in English the policy's words inside the sentence; in the app's language its key's words
  const text = e.message.replace(/\.$/, '');
  const reason = `${text.charAt(0).toLowerCase()}${text.slice(1)}.`;
  return problemOf('errors:measure.because', {
    ...(e.key ? { ...e.params, reasonKey: e.key } : {}),
    reason,
  });
}

function refusal(url: string, why: Pick<Measurement, 'problem' | 'problemKey'>): Measurement {
  return { url, format: 'unknown', kind: 'unknown', sizeBytes: null, durationS: null, ...why };
}

export async function measureUrl(url: string, opts: MeasureOptions = {}): Promise<Measurement> {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return refusal(url, problemOf('errors:measure.notFullLink'));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return refusal(url, problemOf('errors:measure.onlyHttp'));
  const timeoutMs = opts.timeoutMs ?? MEASURE_TIMEOUT_MS;
  const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
  const f = new Fetcher(parsed, {
    maxBytes: opts.maxBytes ?? MEASURE_MAX_BYTES,
    signal: AbortSignal.any(signals),
    policy:
      opts.policy ??
      (defaultPolicy ??= createHttpPolicy({ userAgent: USER_AGENT, guard: typedLinkAddressGuard })),
    timeoutMs,
  });
  try {
    const head = await f.range(0, HEAD_BYTES);
    const format = sniffFormat(head, f.contentType, parsed.pathname);
    const base: Measurement = {
      url,
      format,
      kind: kindOf(format),
      sizeBytes: f.totalBytes,
      durationS: null,
      problem: null,
    };
    if (base.kind === 'image') return base;
    if (base.kind === 'unknown') return { ...base, ...problemOf('errors:measure.notAudio') };
    const bytes =
      format === 'mp3'
        ? await mp3Start(f, head)
        : format === 'wav'
          ? head
          : await mp4Headers(f, head);
    const probe = bytes ? await probeBytes(bytes, { sizeBytes: f.totalBytes }) : null;
    const durationS = probe?.durationMs != null ? probe.durationMs / 1000 : null;
    const why =
      format === 'mp3' && f.totalBytes === null
        ? 'errors:measure.noSize'
        : format === 'mp3'
          ? 'errors:measure.mp3Frames'
          : format === 'wav'
            ? 'errors:measure.wavHeader'
            : 'errors:measure.m4aLength';
    if (durationS === null) return { ...base, ...problemOf(why) };
    return { ...base, durationS: Math.round(durationS * 1000) / 1000 };
  } catch (e) {
    const timedOut = signals[0]!.aborted;
    if (opts.signal?.aborted) return refusal(url, problemOf('errors:measure.cancelled'));
    return refusal(
      url,
      timedOut
        ? problemOf('errors:measure.timeout', {
            seconds: Math.max(1, Math.round(timeoutMs / 1000)),
          })
        : e instanceof MeasureFault
          ? problemOf(e.key, e.params)
          : e instanceof AppError
            ? appReason(e)
            : e instanceof Error
              ? // English only: an unexpected fault's own words (no key to say it by)
                problemOf('errors:measure.because', { reason: `${e.message}.` })
              : problemOf('errors:measure.unreachable'),
    );
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
