/**
 * What Cadenza accepts from an update feed before electron-updater downloads anything (its own
 * networking, outside the app's HTTP policy): every artifact over https on the feed's own origin
 * (plain http only when the feed itself is a loopback address, for the emulator), each with a
 * sha512 that electron-updater then verifies against the downloaded bytes.
 */
import { appError } from '@shared/app-error';

export interface FeedArtifacts {
  version?: string;
  files?: ReadonlyArray<{ url?: unknown; sha512?: unknown }>;
}

/** A base64 SHA-512 digest: 64 bytes → 86 characters and "==". */
const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}==$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why an update is not downloaded, each "This update was not downloaded: …" in the catalog. */
const WHY = {
  noServer: 'errors:updates.refused.noServer',
  badServer: 'errors:updates.refused.badServer',
  notHttps: 'errors:updates.refused.notHttps',
  noFiles: 'errors:updates.refused.noFiles',
  fileNoAddress: 'errors:updates.refused.fileNoAddress',
  fileBadAddress: 'errors:updates.refused.fileBadAddress',
  otherServer: 'errors:updates.refused.otherServer',
  credentials: 'errors:updates.refused.credentials',
  noChecksum: 'errors:updates.refused.noChecksum',
} as const;

function refuse(why: keyof typeof WHY, params: Record<string, string> = {}): never {
  throw appError('forbidden', WHY[why], params);
}

/** Throws AppError('forbidden') unless every artifact the feed names may be downloaded. */
export function checkUpdateArtifacts(info: FeedArtifacts, feedUrl: string | null): void {
  if (!feedUrl) refuse('noServer');
  let feed: URL;
  try {
    feed = new URL(feedUrl);
  } catch {
    refuse('badServer');
  }
  const loopbackFeed = feed.protocol === 'http:' && LOOPBACK.has(feed.hostname);
  if (feed.protocol !== 'https:' && !loopbackFeed) refuse('notHttps');
  const files = info.files ?? [];
  if (files.length === 0) refuse('noFiles');
  for (const file of files) {
    if (typeof file.url !== 'string' || file.url === '') refuse('fileNoAddress');
    let url: URL;
    try {
      url = new URL(file.url, feed);
    } catch {
      refuse('fileBadAddress');
    }
    if (url.origin !== feed.origin) refuse('otherServer', { host: url.host });
    if (url.username || url.password) refuse('credentials');
    if (typeof file.sha512 !== 'string' || !SHA512_BASE64.test(file.sha512)) refuse('noChecksum');
  }
}

/** The feed URL an installed app was built with (electron-builder's app-update.yml), if any. */
export function feedUrlFromUpdateConfig(yaml: string): string | null {
  const provider = /^provider:\s*["']?([\w-]+)/m.exec(yaml)?.[1];
  const url = /^url:\s*["']?([^"'\s]+)/m.exec(yaml)?.[1];
  return provider === 'generic' && url ? url : null;
}
