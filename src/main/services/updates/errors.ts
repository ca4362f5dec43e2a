/**
 * electron-updater's failures (its `ERR_UPDATER_*` codes, HTTP errors, socket errors) as AppError
 * shapes a creator can read. Stacks, URLs and raw answers are not passed on.
 */
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
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const code = typeof field(error, 'code') === 'string' ? (field(error, 'code') as string) : '';
  const status = field(error, 'statusCode');
  // electron-updater appends stacks and URLs to its messages: only the first line is looked at
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' || status === 404) {
    return {
      code: 'not_found',
      message: 'The update server has no release information for this platform.',
      httpStatus: 404,
    };
  }
  if (
    /sha512 checksum mismatch|sha2 mismatch|checksum mismatch/i.test(message) ||
    code === 'ERR_CHECKSUM_MISMATCH'
  ) {
    return {
      code: 'bad_response',
      message: 'The downloaded update was damaged (its checksum did not match) and was discarded.',
    };
  }
  if (
    code === 'ERR_UPDATER_INVALID_UPDATE_INFO' ||
    code === 'ERR_UPDATER_NO_FILES_PROVIDED' ||
    code === 'ERR_UPDATER_NO_CHECKSUM' ||
    code === 'ERR_UPDATER_INVALID_VERSION'
  ) {
    return {
      code: 'bad_response',
      message: 'The update server answered something Cadenza cannot read.',
    };
  }
  if (NETWORK_CODES.has(code) || /net::ERR_|socket hang up/i.test(message)) {
    return {
      code: 'network',
      message: 'The update server could not be reached. Cadenza will try again later.',
    };
  }
  if (code === 'ETIMEDOUT' || /\btimed out\b|\btimeout\b/i.test(message)) {
    return {
      code: 'timeout',
      message: 'The update server did not answer in time. Cadenza will try again later.',
    };
  }
  if (typeof status === 'number' && status >= 500) {
    return {
      code: 'server',
      message: 'The update server had a problem. Cadenza will try again later.',
      httpStatus: status,
    };
  }
  if (typeof status === 'number' && status >= 400) {
    return {
      code: 'bad_response',
      message: 'The update server refused the request. Cadenza will try again later.',
      httpStatus: status,
    };
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'ENOSPC') {
    return {
      code: 'io',
      message: 'The update could not be saved on this computer (check free space and permissions).',
    };
  }
  return { code: 'internal', message: 'Checking for updates failed.' };
}
