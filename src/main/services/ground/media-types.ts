/**
 * The one media-type table: extension -> MIME type and category, for the library (what is an item,
 * what a download is called), the media protocol (Content-Type), uploads (the part's type) and
 * registered files. Content sniffing (files/sniff.ts) recognises bytes, not names.
 */
import { extname } from 'node:path';
import type { LibraryKind } from '@shared/domain/library';

export type MediaCategory = 'audio' | 'video' | 'image';

const TYPES: Record<string, { mime: string; category: MediaCategory }> = {
  '.mp3': { mime: 'audio/mpeg', category: 'audio' },
  '.wav': { mime: 'audio/wav', category: 'audio' },
  '.m4a': { mime: 'audio/mp4', category: 'audio' },
  '.aac': { mime: 'audio/aac', category: 'audio' },
  '.ogg': { mime: 'audio/ogg', category: 'audio' },
  '.oga': { mime: 'audio/ogg', category: 'audio' },
  '.opus': { mime: 'audio/ogg', category: 'audio' },
  '.flac': { mime: 'audio/flac', category: 'audio' },
  '.mp4': { mime: 'video/mp4', category: 'video' },
  '.m4v': { mime: 'video/mp4', category: 'video' },
  '.webm': { mime: 'video/webm', category: 'video' },
  '.mov': { mime: 'video/quicktime', category: 'video' },
  '.mkv': { mime: 'video/x-matroska', category: 'video' },
  '.png': { mime: 'image/png', category: 'image' },
  '.jpg': { mime: 'image/jpeg', category: 'image' },
  '.jpeg': { mime: 'image/jpeg', category: 'image' },
  '.jfif': { mime: 'image/jpeg', category: 'image' },
  '.webp': { mime: 'image/webp', category: 'image' },
  '.gif': { mime: 'image/gif', category: 'image' },
};

export const COVER_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.jfif', '.gif'];

/** Extensions of the files that are library items (audio and video), lower case with the dot. */
export const ITEM_MEDIA_EXTENSIONS = Object.keys(TYPES).filter(
  (ext) => TYPES[ext]?.category !== 'image',
);

export function mediaTypeOf(
  fileName: string,
): { mime: string; category: MediaCategory } | undefined {
  return TYPES[extname(fileName).toLowerCase()];
}

/** The MIME type for a file name or a bare extension ("mp3", ".mp3"); octet-stream when unknown. */
export function mimeTypeOf(fileNameOrExtension: string): string {
  const lower = fileNameOrExtension.toLowerCase();
  const ext = lower.includes('.') ? extname(lower) || lower : `.${lower}`;
  return TYPES[ext]?.mime ?? 'application/octet-stream';
}

/** Audio and video files are library items; images are covers. */
export function isItemMedia(fileName: string): boolean {
  const t = mediaTypeOf(fileName);
  return t !== undefined && t.category !== 'image';
}

/** The extension for a downloaded body, from its Content-Type and URL. */
export function extensionFor(
  contentType: string | undefined,
  url: string | undefined,
  fallback: string,
): string {
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime && mime !== 'application/octet-stream') {
    if (mime === 'audio/mp3') return '.mp3';
    if (mime === 'audio/x-wav' || mime === 'audio/wave') return '.wav';
    for (const [ext, t] of Object.entries(TYPES)) if (t.mime === mime) return ext;
  }
  if (url) {
    try {
      const ext = extname(new URL(url).pathname).toLowerCase();
      if (TYPES[ext]) return ext;
    } catch {
      // not a URL: fall through
    }
  }
  return fallback;
}

/** A kind for a file added outside the app, which has no sidecar to say what it is. */
export function guessKind(fileName: string): LibraryKind {
  return mediaTypeOf(fileName)?.category === 'video' ? 'singing-video' : 'song';
}
