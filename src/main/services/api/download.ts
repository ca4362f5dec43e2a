import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { request, type Dispatcher } from 'undici';
import { AppError } from '@shared/errors';
import type { DownloadResult } from '@shared/domain/service';
import { cancelledError, networkError, timeoutError, type CallContext } from './errors';
import { httpUrl, isObject } from './lenient';
import type { DispatcherChooser } from './proxy';
import { headerValue, nextHop } from './transport';

/**
 * Downloads of media URLs from the service's answers. Never sends the API key (nor cookies);
 * only http(s) URLs, on every redirect hop. Streams to `<dest>.part-<random>` in the destination
 * folder, fsyncs, and renames into place; the partial file is deleted on failure or cancel.
 */

export interface DownloadProgress {
  bytesReceived: number;
  /** From Content-Length, when the server sent one. */
  totalBytes?: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (p: DownloadProgress) => void;
  /** Refuse files larger than this. */
  maxBytes?: number;
  /** Give up when no bytes arrive for this long (default 60 s). */
  idleTimeoutMs?: number;
}

export interface DownloadDeps {
  userAgent: string;
  dispatcherFor: DispatcherChooser;
}

const MAX_REDIRECTS = 5;
const FS_CODES = new Set([
  'ENOENT',
  'EACCES',
  'EPERM',
  'ENOSPC',
  'EROFS',
  'EISDIR',
  'ENOTDIR',
  'EEXIST',
  'EMFILE',
  'EBUSY',
  'EXDEV',
  'EDQUOT',
]);
const ctx: CallContext = { action: 'download the file' };

function refuseUrl(): never {
  throw new AppError('forbidden', 'Cadenza only downloads http(s) links.');
}

export async function downloadFile(
  url: string,
  destPath: string,
  opts: DownloadOptions,
  deps: DownloadDeps,
): Promise<DownloadResult> {
  const start = httpUrl(url);
  if (!start) refuseUrl();
  if (opts.signal?.aborted) throw cancelledError();
  const idleMs = opts.idleTimeoutMs ?? 60_000;
  const tempPath = join(
    dirname(destPath),
    `${basename(destPath)}.part-${randomBytes(6).toString('hex')}`,
  );
  let cancelled = false;
  const ctl = new AbortController();
  const onAbort = (): void => {
    cancelled = true;
    ctl.abort();
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let renamed = false;
  try {
    let current = new URL(start);
    let res: Dispatcher.ResponseData;
    for (let hop = 0; ; hop++) {
      res = await request(current, {
        method: 'GET',
        headers: { 'user-agent': deps.userAgent, accept: '*/*' },
        signal: ctl.signal,
        dispatcher: deps.dispatcherFor(current),
        headersTimeout: idleMs,
        bodyTimeout: idleMs,
      });
      if (![301, 302, 303, 307, 308].includes(res.statusCode)) break;
      await res.body.dump();
      if (hop >= MAX_REDIRECTS)
        throw new AppError('bad_response', 'The media link redirected too many times.');
      current = nextHop(current, res.statusCode, headerValue(res.headers, 'location'), 'GET').url;
    }
    if (res.statusCode < 200 || res.statusCode > 299) {
      await res.body.dump().catch(() => undefined);
      const httpStatus = res.statusCode;
      if (httpStatus === 404 || httpStatus === 403 || httpStatus === 410) {
        throw new AppError(
          'not_found',
          `The media file is not available (HTTP ${httpStatus}); its link may have expired.`,
          { httpStatus },
        );
      }
      const code = httpStatus >= 500 ? 'server' : 'bad_response';
      throw new AppError(
        code,
        `The media server answered HTTP ${httpStatus}, so the file could not be downloaded.`,
        { httpStatus },
      );
    }
    const lengthHeader = Number(headerValue(res.headers, 'content-length'));
    const totalBytes =
      Number.isFinite(lengthHeader) && lengthHeader >= 0 ? lengthHeader : undefined;
    const tooBig = (): AppError =>
      new AppError(
        'bad_response',
        `The file is larger than the ${Math.round((opts.maxBytes ?? 0) / 1048576)} MB allowed, so it was not downloaded.`,
      );
    if (opts.maxBytes !== undefined && totalBytes !== undefined && totalBytes > opts.maxBytes) {
      res.body.destroy();
      throw tooBig();
    }
    handle = await open(tempPath, 'wx');
    let bytes = 0;
    for await (const chunk of res.body) {
      const buf = chunk as Buffer;
      bytes += buf.length;
      if (opts.maxBytes !== undefined && bytes > opts.maxBytes) {
        res.body.destroy();
        throw tooBig();
      }
      await handle.write(buf);
      opts.onProgress?.(
        totalBytes === undefined ? { bytesReceived: bytes } : { bytesReceived: bytes, totalBytes },
      );
    }
    if (cancelled) throw cancelledError();
    if (totalBytes !== undefined && bytes !== totalBytes)
      throw networkError(ctx, { code: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' });
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tempPath, destPath);
    renamed = true;
    const contentType = headerValue(res.headers, 'content-type');
    return contentType === undefined ? { bytes } : { bytes, contentType };
  } catch (e) {
    if (cancelled) throw cancelledError();
    if (e instanceof AppError) throw e;
    const code = isObject(e) ? e.code : undefined;
    if (
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    )
      throw timeoutError(ctx, idleMs);
    if (typeof code === 'string' && FS_CODES.has(code)) {
      throw new AppError('io', `Cadenza could not write the downloaded file (${code}).`);
    }
    throw networkError(ctx, e);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    if (handle) await handle.close().catch(() => undefined);
    if (!renamed) await unlink(tempPath).catch(() => undefined);
  }
}
