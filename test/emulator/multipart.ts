import { createHash, type Hash } from 'node:crypto';
import { BodyAborted, type Ctx } from './http';
import type { MultipartFileRecord } from './types';

export interface MultipartResult {
  fields: Record<string, string>;
  files: MultipartFileRecord[];
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 1024 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

interface OpenPart {
  name: string;
  filename?: string;
  contentType: string;
  hash?: Hash;
  size: number;
  text: Buffer[];
}

function dispositionParam(header: string, param: string): string | undefined {
  const star = new RegExp(`;\\s*${param}\\*=(?:UTF-8|utf-8)''([^;]+)`).exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const quoted = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`).exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = new RegExp(`;\\s*${param}=([^;\\s]+)`).exec(header);
  return bare?.[1];
}

/**
 * Streaming multipart/form-data parser: file parts are hashed (sha256) and counted as they pass,
 * never held in memory; text fields are kept (up to 1 MiB each).
 */
export class MultipartParser {
  readonly result: MultipartResult = { fields: {}, files: [] };
  private readonly delimiter: Buffer;
  /** A virtual CRLF before the body lets the first boundary match like the others. */
  private buf: Buffer = Buffer.from(CRLF);
  private state: 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done' = 'preamble';
  private part: OpenPart | undefined;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  get done(): boolean {
    return this.state === 'done';
  }

  write(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    for (;;) {
      if (this.state === 'done') {
        this.buf = Buffer.alloc(0);
        return;
      }
      if (this.state === 'preamble' || this.state === 'body') {
        const at = this.buf.indexOf(this.delimiter);
        if (at >= 0) {
          this.emit(this.buf.subarray(0, at));
          this.finishPart();
          this.buf = this.buf.subarray(at + this.delimiter.length);
          this.state = 'afterDelimiter';
          continue;
        }
        const keep = this.delimiter.length - 1;
        if (this.buf.length > keep) {
          this.emit(this.buf.subarray(0, this.buf.length - keep));
          this.buf = Buffer.from(this.buf.subarray(this.buf.length - keep));
        }
        return;
      }
      if (this.state === 'afterDelimiter') {
        if (this.buf.length < 2) return;
        if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
          this.state = 'done';
          continue;
        }
        const eol = this.buf.indexOf(CRLF);
        if (eol < 0) return;
        this.buf = this.buf.subarray(eol + 2);
        this.state = 'headers';
        continue;
      }
      // headers
      const end = this.buf.indexOf(HEADER_END);
      if (end < 0) {
        if (this.buf.length > MAX_HEADER_BYTES) throw new Error('multipart part headers too large');
        return;
      }
      this.startPart(this.buf.subarray(0, end).toString('utf8'));
      this.buf = this.buf.subarray(end + HEADER_END.length);
      this.state = 'body';
    }
  }

  private startPart(rawHeaders: string): void {
    const headers: Record<string, string> = {};
    for (const line of rawHeaders.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const disposition = headers['content-disposition'] ?? '';
    const filename = dispositionParam(disposition, 'filename');
    this.part = {
      name: dispositionParam(disposition, 'name') ?? '',
      ...(filename === undefined ? {} : { filename, hash: createHash('sha256') }),
      contentType:
        headers['content-type'] ??
        (filename === undefined ? 'text/plain' : 'application/octet-stream'),
      size: 0,
      text: [],
    };
  }

  private emit(bytes: Buffer): void {
    const part = this.part;
    if (!part || this.state !== 'body' || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.hash) part.hash.update(bytes);
    else if (part.size <= MAX_FIELD_BYTES) part.text.push(Buffer.from(bytes));
  }

  private finishPart(): void {
    const part = this.part;
    this.part = undefined;
    if (!part) return;
    if (part.hash && part.filename !== undefined) {
      this.result.files.push({
        field: part.name,
        filename: part.filename,
        contentType: part.contentType,
        size: part.size,
        sha256: part.hash.digest('hex'),
      });
    } else {
      this.result.fields[part.name] = Buffer.concat(part.text).toString('utf8');
    }
  }
}

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/**
 * Streams the request through the parser and records the result in the log entry. Rejects with
 * BodyAborted (and marks the entry `aborted`) when the client disconnects before the end.
 */
export function readMultipart(ctx: Ctx): Promise<MultipartResult> {
  const boundary = boundaryOf(ctx.req.headers['content-type']);
  const parser = boundary ? new MultipartParser(boundary) : undefined;
  const result = parser?.result ?? { fields: {}, files: [] };
  ctx.entry.multipart = result;
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (): void => {
      if (failed) return;
      failed = true;
      ctx.entry.aborted = true;
      reject(new BodyAborted('client went away during the upload'));
    };
    ctx.req.on('data', (chunk: Buffer) => {
      if (failed || !parser) return;
      try {
        parser.write(chunk);
      } catch {
        failed = true;
        reject(new Error('malformed multipart body'));
      }
    });
    ctx.req.on('end', () => {
      if (!failed) resolve(result);
    });
    ctx.req.on('error', fail);
    ctx.req.on('close', () => {
      if (!ctx.req.complete) fail();
    });
  });
}
