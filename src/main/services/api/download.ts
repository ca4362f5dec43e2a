import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';
import type { DownloadResult } from '@shared/domain/service';
import type { HttpPolicy } from '../http/policy';
import type { CallContext } from './errors';
import { httpUrl, isObject } from '../ground/lenient';

/**
 * Downloads of media URLs from the service's answers, over the HTTP policy (../http/policy.ts):
 * never the API key (nor cookies), http(s) only on every redirect hop, an idle timeout, an overall
 * deadline and a minimum throughput, and a broken transfer tried again from the start (it is a
 * GET: nothing is charged). Streams to `<dest>.part-<random>` in the destination folder, fsyncs,
 * and renames into place; the partial file is deleted on failure or cancel.
 */

export interface DownloadProgress {
  bytesReceived: number;
  /** From Content-Length, when the server sent one. */
  totalBytes?: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** May return a promise: the download waits for it (a slow consumer holds the transfer back). */
  onProgress?: (p: DownloadProgress) => unknown;
  /** Refuse files larger than this (default 4 GB). */
  maxBytes?: number;
  /** Give up when no bytes arrive for this long (default: the policy's idle timeout, 60 s). */
  idleTimeoutMs?: number;
  /** The whole download, tries included (default: the policy's transfer deadline, 30 min). */
  deadlineMs?: number;
}

const DEFAULT_MAX_DOWNLOAD_BYTES = 4 * 1024 ** 3;

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

/** A local file failure (disk full, folder gone) as an `io` AppError that keeps its code. */
function localFailure(e: unknown): AppError | undefined {
  const code = isObject(e) ? e.code : undefined;
  if (typeof code !== 'string' || !FS_CODES.has(code)) return undefined;
  const key =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'errors:download.unwrittenFull'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'errors:download.unwrittenDenied'
        : code === 'ENOENT' || code === 'ENOTDIR'
          ? 'errors:download.unwrittenNoFolder'
          : 'errors:download.unwritten';
  return appError('io', key, {}, { cause: e, detail: code });
}

function httpError(httpStatus: number): AppError {
  if (httpStatus === 404 || httpStatus === 403 || httpStatus === 410) {
    return appError(
      'not_found',
      'errors:download.expired',
      {},
      { httpStatus, detail: `HTTP ${httpStatus}` },
    );
  }
  return appError(
    httpStatus >= 500 || httpStatus === 429 ? 'server' : 'bad_response',
    'errors:download.refused',
    {},
    { httpStatus, detail: `HTTP ${httpStatus}` },
  );
}

export async function downloadFile(
  url: string,
  destPath: string,
  opts: DownloadOptions,
  policy: HttpPolicy,
): Promise<DownloadResult> {
  const start = httpUrl(url);
  if (!start) throw appError('forbidden', 'errors:download.httpOnly');
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
  const tooBig = (): AppError =>
    appError('bad_response', 'errors:download.tooLarge', { mb: Math.round(maxBytes / 1048576) });
  const tempPath = join(
    dirname(destPath),
    `${basename(destPath)}.part-${randomBytes(6).toString('hex')}`,
  );
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let renamed = false;
  try {
    return await policy.request(
      {
        url: start,
        headers: { accept: '*/*' },
        signal: opts.signal,
        ctx,
        kind: 'transfer',
        ...(opts.idleTimeoutMs !== undefined ? { idleMs: opts.idleTimeoutMs } : {}),
        ...(opts.deadlineMs !== undefined ? { deadlineMs: opts.deadlineMs } : {}),
      },
      async (res) => {
        if (res.status < 200 || res.status > 299) {
          await res.discard();
          throw httpError(res.status);
        }
        const lengthHeader = Number(res.header('content-length'));
        const totalBytes =
          Number.isFinite(lengthHeader) && lengthHeader >= 0 ? lengthHeader : undefined;
        if (totalBytes !== undefined && totalBytes > maxBytes) throw tooBig();
        // a new try starts the file over
        if (handle) await handle.close();
        handle = undefined;
        handle = await open(tempPath, 'w');
        let bytes = 0;
        for await (const buf of res.body()) {
          bytes += buf.length;
          if (bytes > maxBytes) throw tooBig();
          await handle.write(buf);
          await opts.onProgress?.(
            totalBytes === undefined
              ? { bytesReceived: bytes }
              : { bytesReceived: bytes, totalBytes },
          );
        }
        await handle.sync();
        await handle.close();
        handle = undefined;
        await rename(tempPath, destPath);
        renamed = true;
        const contentType = res.header('content-type');
        return contentType === undefined ? { bytes } : { bytes, contentType };
      },
    );
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw localFailure(e) ?? appError('internal', 'errors:download.unsaved', {}, { cause: e });
  } finally {
    if (handle) await handle.close().catch(() => undefined);
    if (!renamed) await unlink(tempPath).catch(() => undefined);
  }
}
