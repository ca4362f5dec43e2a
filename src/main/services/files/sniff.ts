/**
 * What kind of media a file holds, from its first bytes (magic numbers) and its extension.
 * Both must agree with the kind asked for: a renamed PDF is not audio.
 */
import type { FileKind } from '@shared/domain/files';

export interface Sniffed {
  kind: FileKind;
  mimeType: string;
}

const ascii = (b: Uint8Array, at: number, text: string): boolean => {
  if (b.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** Bytes needed by sniffContent. */
export const SNIFF_BYTES = 64;

/** Recognises the media formats Cadenza accepts from the first bytes of a file. */
export function sniffContent(head: Uint8Array): Sniffed | undefined {
  const b = head;
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { kind: 'audio', mimeType: 'audio/wav' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { kind: 'image', mimeType: 'image/webp' };
  if (ascii(b, 0, 'ID3')) return { kind: 'audio', mimeType: 'audio/mpeg' };
  if (ascii(b, 0, 'fLaC')) return { kind: 'audio', mimeType: 'audio/flac' };
  if (ascii(b, 0, 'OggS')) return { kind: 'audio', mimeType: 'audio/ogg' };
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0)
    return { kind: 'audio', mimeType: 'audio/aac' };
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)
    return { kind: 'audio', mimeType: 'audio/mpeg' };
  if (ascii(b, 4, 'ftyp')) {
    const brand = String.fromCharCode(...b.subarray(8, 12));
    if (brand.startsWith('M4A') || brand.startsWith('M4B'))
      return { kind: 'audio', mimeType: 'audio/mp4' };
    if (brand === 'qt  ') return { kind: 'video', mimeType: 'video/quicktime' };
    return { kind: 'video', mimeType: 'video/mp4' };
  }
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { kind: 'video', mimeType: 'video/webm' };
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 'PNG\r\n'))
    return { kind: 'image', mimeType: 'image/png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { kind: 'image', mimeType: 'image/jpeg' };
  return undefined;
}

/** Extensions accepted per kind (lower case, without the dot); also the dialog filters. */
export const EXTENSIONS: Record<FileKind, readonly string[]> = {
  audio: ['mp3', 'wav', 'm4a', 'aac', 'flac', 'ogg', 'oga', 'opus', 'mp4'],
  image: ['png', 'jpg', 'jpeg', 'jfif', 'webp'],
  video: ['mp4', 'mov', 'm4v', 'webm', 'mkv'],
};

export const KIND_LABELS: Record<FileKind, string> = {
  audio: 'Audio',
  image: 'Images',
  video: 'Videos',
};
