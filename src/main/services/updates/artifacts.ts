/**
 * What Cadenza accepts from an update feed before electron-updater downloads anything (its own
 * networking, outside the app's HTTP policy): every artifact over https on the feed's own origin
 * (plain http only when the feed itself is a loopback address, for the emulator), each with a
 * sha512 that electron-updater then verifies against the downloaded bytes.
 */
import { AppError } from '@shared/errors';

export interface FeedArtifacts {
  version?: string;
  files?: ReadonlyArray<{ url?: unknown; sha512?: unknown }>;
}

/** A base64 SHA-512 digest: 64 bytes → 86 characters and "==". */
const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}==$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function refuse(reason: string): never {
  throw new AppError('forbidden', `This update was not downloaded: ${reason}`);
}

/** Throws AppError('forbidden') unless every artifact the feed names may be downloaded. */
export function checkUpdateArtifacts(info: FeedArtifacts, feedUrl: string | null): void {
  if (!feedUrl) refuse('the update server is not known.');
  let feed: URL;
  try {
    feed = new URL(feedUrl);
  } catch {
    refuse('the update server address is not valid.');
  }
  const loopbackFeed = feed.protocol === 'http:' && LOOPBACK.has(feed.hostname);
  if (feed.protocol !== 'https:' && !loopbackFeed) refuse('the update server is not https.');
  const files = info.files ?? [];
  if (files.length === 0) refuse('the update lists no files.');
  for (const file of files) {
    if (typeof file.url !== 'string' || file.url === '') refuse('a file has no address.');
    let url: URL;
    try {
      url = new URL(file.url, feed);
    } catch {
      refuse('a file address is not valid.');
    }
    if (url.origin !== feed.origin) refuse(`a file is on another server (${url.host}).`);
    if (url.username || url.password) refuse('a file address carries credentials.');
    if (typeof file.sha512 !== 'string' || !SHA512_BASE64.test(file.sha512))
      refuse('a file has no SHA-512 checksum.');
  }
}

/** The feed URL an installed app was built with (electron-builder's app-update.yml), if any. */
export function feedUrlFromUpdateConfig(yaml: string): string | null {
  const provider = /^provider:\s*["']?([\w-]+)/m.exec(yaml)?.[1];
  const url = /^url:\s*["']?([^"'\s]+)/m.exec(yaml)?.[1];
  return provider === 'generic' && url ? url : null;
}
