import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import type { MessageParams } from '@shared/errors';
import { appError, keyedFields } from '@shared/app-error';
import type { UploadProgress } from '@shared/domain/service';
import { readHead } from '../files/regular';
import { openRegular } from '../ground/regular-file';
import { SNIFF_BYTES, sniffContent } from '../files/sniff';
import { mimeTypeOf } from '../ground/media-types';
import type { RequestBody } from './transport';

/**
 * multipart/form-data bodies streamed from disk: files are never read into memory whole, the
 * length is known up front (so the service sees Content-Length), and progress counts the bytes
 * handed to the socket.
 */

export interface UploadFileInfo {
  /** The input field the file came from (for error messages). */
  inputField: string;
  path: string;
  name: string;
  sizeBytes: number;
  mimeType: string;
}

/** A size/type check run on every file before anything is sent; throw an AppError to refuse. */
export type UploadCheck = (file: UploadFileInfo) => void | Promise<void>;

export interface UploadOptions {
  signal?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  /** Runs after Cadenza's own checks (extension, size). */
  checkFile?: UploadCheck;
  timeoutMs?: number;
}

export interface FilePart {
  field: string;
  inputField: string;
  path: string;
}

const extensionOf = (path: string): string => extname(path).slice(1).toLowerCase();

export async function describeFile(part: FilePart): Promise<UploadFileInfo> {
  let sizeBytes: number;
  try {
    const st = await stat(part.path);
    if (!st.isFile()) throw new Error('not a file');
    sizeBytes = st.size;
  } catch {
    throw appError(
      'io',
      'errors:api.fileUnreadable',
      { name: basename(part.path) },
      keyedFields({ [part.inputField]: { key: 'errors:api.fieldUnreadable' } }),
    );
  }
  const ext = extensionOf(part.path);
  return {
    inputField: part.inputField,
    path: part.path,
    name: basename(part.path),
    sizeBytes,
    mimeType: mimeTypeOf(ext),
  };
}

/**
 * Cadenza's own upload rule: a non-empty regular file of a known audio type whose first bytes are
 * audio (an MP4/M4A/WebM container counts), at most maxBytes. A renamed text file or image is
 * refused before anything is sent.
 */
export function audioFileCheck(
  allowedExtensions: readonly string[],
  maxBytes: number,
): UploadCheck {
  return async (f) => {
    const refuse = (key: string, params: MessageParams = {}): never => {
      throw appError(
        'validation',
        key,
        { name: f.name, ...params },
        keyedFields({ [f.inputField]: { key, params: { name: f.name, ...params } } }),
      );
    };
    const ext = extensionOf(f.name);
    if (!allowedExtensions.includes(ext))
      refuse('errors:api.notSendable', { formats: allowedExtensions.join(', ') });
    if (f.sizeBytes === 0) refuse('errors:api.empty');
    if (f.sizeBytes > maxBytes)
      refuse('errors:api.tooLarge', {
        mb: (f.sizeBytes / 1048576).toFixed(1),
        max: Math.round(maxBytes / 1048576),
      });
    const sniffed = sniffContent(await readHead(f.path, SNIFF_BYTES));
    const container = sniffed?.kind === 'video' && ['mp4', 'm4a', 'webm'].includes(ext);
    if (sniffed?.kind !== 'audio' && !container) refuse('errors:api.notRecording');
  };
}

const quote = (s: string): string => s.replace(/[\r\n]/g, ' ').replace(/"/g, '%22');

/** Builds a streamed multipart body. Files must already be described (and checked). */
export function multipartBody(
  fields: ReadonlyArray<readonly [string, string]>,
  files: ReadonlyArray<{ field: string; info: UploadFileInfo }>,
  onProgress?: (p: UploadProgress) => void,
): RequestBody {
  const boundary = `----CadenzaBoundary${randomBytes(12).toString('hex')}`;
  const fieldBufs = fields.map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`,
      'utf8',
    ),
  );
  const fileHeads = files.map(({ field, info }) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(field)}"; filename="${quote(info.name)}"\r\n` +
        `Content-Type: ${info.mimeType}\r\n\r\n`,
      'utf8',
    ),
  );
  const crlf = Buffer.from('\r\n');
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const totalBytes =
    fieldBufs.reduce((n, b) => n + b.length, 0) +
    fileHeads.reduce((n, b) => n + b.length + crlf.length, 0) +
    files.reduce((n, f) => n + f.info.sizeBytes, 0) +
    tail.length;

  async function* generate(): AsyncGenerator<Buffer> {
    let bytesSent = 0;
    const sent = (b: Buffer): Buffer => {
      bytesSent += b.length;
      onProgress?.({ bytesSent, totalBytes });
      return b;
    };
    for (const b of fieldBufs) yield sent(b);
    for (const [i, f] of files.entries()) {
      yield sent(fileHeads[i] as Buffer);
      // opened again as it was checked: regular files only, never blocking, and no more bytes
      // than the length announced
      const { handle } = await openRegular(f.info.path);
      const stream = createReadStream('', {
        fd: handle,
        start: 0,
        end: Math.max(0, f.info.sizeBytes - 1),
        highWaterMark: 64 * 1024,
        autoClose: true,
      });
      try {
        for await (const chunk of stream) yield sent(chunk as Buffer);
      } finally {
        stream.destroy();
      }
      yield sent(crlf);
    }
    yield sent(tail);
  }

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: totalBytes,
    open: () => Readable.from(generate(), { objectMode: false }),
  };
}
