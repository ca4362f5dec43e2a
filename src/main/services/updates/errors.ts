/**
 * electron-updater's failures (its `ERR_UPDATER_*` codes, HTTP errors, socket errors) as AppError
 * shapes a creator can read. Stacks, URLs and raw answers are not passed on.
 */
import { appError } from '@shared/app-error';
import { AppError, type AppErrorShape } from '@shared/errors';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EPIPE',
]);

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

export function describeUpdateError(error: unknown): AppErrorShape {
  if (error instanceof AppError) return error.toShape();
  const code = typeof field(error, 'code') === 'string' ? (field(error, 'code') as string) : '';
  const status = field(error, 'statusCode');
  // electron-updater appends stacks and URLs to its messages: only the first line is looked at
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' || status === 404) {
    return appError(
      'not_found',
      'errors:updates.failure.noRelease',
      {},
      { httpStatus: 404 },
    ).toShape();
  }
  if (
    /sha512 checksum mismatch|sha2 mismatch|checksum mismatch/i.test(message) ||
    code === 'ERR_CHECKSUM_MISMATCH'
  ) {
    return appError('bad_response', 'errors:updates.failure.damaged').toShape();
  }
  if (
    code === 'ERR_UPDATER_INVALID_UPDATE_INFO' ||
    code === 'ERR_UPDATER_NO_FILES_PROVIDED' ||
    code === 'ERR_UPDATER_NO_CHECKSUM' ||
    code === 'ERR_UPDATER_INVALID_VERSION'
  ) {
    return appError('bad_response', 'errors:updates.failure.unreadable').toShape();
  }
  if (NETWORK_CODES.has(code) || /net::ERR_|socket hang up/i.test(message)) {
    return appError('network', 'errors:updates.failure.unreachable').toShape();
  }
  if (code === 'ETIMEDOUT' || /\btimed out\b|\btimeout\b/i.test(message)) {
    return appError('timeout', 'errors:updates.failure.timeout').toShape();
  }
  if (typeof status === 'number' && status >= 500) {
    return appError(
      'server',
      'errors:updates.failure.server',
      {},
      { httpStatus: status },
    ).toShape();
  }
  if (typeof status === 'number' && status >= 400) {
    return appError(
      'bad_response',
      'errors:updates.failure.refusedRequest',
      {},
      { httpStatus: status },
    ).toShape();
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'ENOSPC') {
    return appError('io', 'errors:updates.failure.cannotSave').toShape();
  }
  return appError('internal', 'errors:updates.failure.checkFailed').toShape();
}
