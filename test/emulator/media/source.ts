import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A media body that can be read at any byte range without being held in memory as a whole:
 * large files (training audio, download benchmarks) are generated chunk by chunk.
 */
export interface ByteSource {
  sizeBytes: number;
  contentType: string;
  /** Bytes [start, endExclusive). */
  read(start: number, endExclusive: number): Buffer;
}

export function bufferSource(bytes: Buffer, contentType: string): ByteSource {
  return {
    sizeBytes: bytes.length,
    contentType,
    read: (start, end) => bytes.subarray(start, end),
  };
}

/** `header` followed by `bodyBytes` bytes made of `unit` repeated (the last copy may be cut). */
export function patternSource(
  header: Buffer,
  unit: Buffer,
  bodyBytes: number,
  contentType: string,
): ByteSource {
  if (unit.length === 0) throw new Error('empty pattern unit');
  const sizeBytes = header.length + bodyBytes;
  return {
    sizeBytes,
    contentType,
    read(start, endExclusive) {
      const end = Math.min(endExclusive, sizeBytes);
      const out = Buffer.allocUnsafe(Math.max(0, end - start));
      let pos = start;
      let written = 0;
      while (pos < end) {
        if (pos < header.length) {
          const n = header.copy(out, written, pos, Math.min(header.length, end));
          pos += n;
          written += n;
          continue;
        }
        const offsetInUnit = (pos - header.length) % unit.length;
        const n = unit.copy(
          out,
          written,
          offsetInUnit,
          Math.min(unit.length, offsetInUnit + end - pos),
        );
        pos += n;
        written += n;
      }
      return out;
    },
  };
}

/** Deterministic bytes for download benchmarks: byte i is `i % 251`. */
export function bigSource(sizeBytes: number): ByteSource {
  const unit = Buffer.alloc(251);
  for (let i = 0; i < unit.length; i++) unit[i] = i;
  return patternSource(Buffer.alloc(0), unit, sizeBytes, 'application/octet-stream');
}

const CHUNK_BYTES = 64 * 1024;

type Range = { start: number; endExclusive: number };

function parseRange(header: string, sizeBytes: number): Range | 'invalid' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined; // unsupported forms (several ranges) are answered with the whole body
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return 'invalid';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, sizeBytes - suffix), endExclusive: sizeBytes };
  }
  const start = Number(a);
  const last = b === '' ? sizeBytes - 1 : Math.min(Number(b), sizeBytes - 1);
  if (start >= sizeBytes || last < start) return 'invalid';
  return { start, endExclusive: last + 1 };
}

/** Answers GET/HEAD for a source with Content-Type/Length, Accept-Ranges and Range → 206. */
export function serveSource(
  req: IncomingMessage,
  res: ServerResponse,
  source: ByteSource,
  extraHeaders: Record<string, string> = {},
): void {
  const rangeHeader = req.headers.range;
  let range: Range = { start: 0, endExclusive: source.sizeBytes };
  let status = 200;
  if (typeof rangeHeader === 'string') {
    const parsed = parseRange(rangeHeader, source.sizeBytes);
    if (parsed === 'invalid') {
      res.writeHead(416, { 'content-range': `bytes */${source.sizeBytes}`, 'content-length': '0' });
      res.end();
      return;
    }
    if (parsed) {
      range = parsed;
      status = 206;
    }
  }
  const headers: Record<string, string> = {
    'content-type': source.contentType,
    'content-length': String(range.endExclusive - range.start),
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=3600',
    ...extraHeaders,
  };
  if (status === 206) {
    headers['content-range'] = `bytes ${range.start}-${range.endExclusive - 1}/${source.sizeBytes}`;
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  let pos = range.start;
  const pump = (): void => {
    while (pos < range.endExclusive) {
      if (res.destroyed) return;
      const next = Math.min(range.endExclusive, pos + CHUNK_BYTES);
      const ok = res.write(source.read(pos, next));
      pos = next;
      if (!ok) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  pump();
}
