/**
 * Merged retagging of the files the library saves (MP3, FLAC, WAV): Cadenza's fields replace
 * their own slots, every other frame, comment, block or chunk stays byte for byte, and the audio
 * is copied, never decoded. A file is rewritten beside itself and renamed over (readers see the
 * old file or the new one), and its modification time is put back (the from-scratch scan and
 * file managers sort by it). Also: the audio payload's range and hash (what tags never change),
 * and Cadenza's recipe read back from a file.
 *
 *   await retagFile(path, { title, artist, lyrics, cover, recipe });
 *   const { sizeBytes, sha256 } = await audioPayloadHash(path);
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { tempPathFor } from '../../ground/atomic';
import { openRegular as openRegularFile, READ_NONBLOCK } from '../../ground/regular-file';
import type { MergeOptions } from './id3-merge';
import { userTextOf } from './id3-merge';
import { fieldName, flacLayout, planFlac, readVorbisComments } from './plan-flac';
import { mp3AudioPayload, mp3HeadTags, planMp3 } from './plan-mp3';
import { planWav, wavAudioPayload, wavId3Frames } from './plan-wav';
import {
  fileSource,
  readExactly,
  unreadable,
  writePieces,
  type ByteSource,
  type Piece,
  type WritePiecesOptions,
} from './source';
import { MAX_RECIPE_BYTES, RECIPE_FIELD, type ExportTags } from './types';
import { VORBIS_COMMENT } from './vorbis';

export type TaggedFormat = 'mp3' | 'flac' | 'wav';

/** Which of the library's formats `src` is, from its first bytes (never from its name). */
export async function taggedFormatOf(src: ByteSource): Promise<TaggedFormat> {
  const head = await src.read(0, 12);
  const text = String.fromCharCode(...head);
  if (text.startsWith('fLaC')) return 'flac';
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WAVE') return 'wav';
  if (text.startsWith('ID3')) {
    // an ID3v2 tag before "fLaC" is a FLAC file with a stray tag; before MPEG frames, an MP3
    const { end } = await mp3HeadTags(src).catch(() => ({ end: 0 }));
    if (end > 0 && String.fromCharCode(...(await src.read(end, 4))) === 'fLaC') return 'flac';
  }
  return 'mp3';
}

async function plan(src: ByteSource, tags: ExportTags, options: MergeOptions): Promise<Piece[]> {
  if (src.size === 0) throw unreadable('it is empty');
  const format = await taggedFormatOf(src);
  if (format === 'flac') return planFlac(src, tags, options);
  if (format === 'wav') return planWav(src, tags, options);
  return planMp3(src, tags, options);
}

/**
 * A copy of the file at `source` with `tags` merged in, written to `target` (created exclusively:
 * an export's temp): the new head tag first, then the audio and the end tags copied a megabyte at
 * a time — any size in bounded memory (the tag reader's cap and one megabyte).
 */
export async function retagCopy(
  source: string,
  target: string,
  tags: ExportTags,
  options: MergeOptions & WritePiecesOptions = {},
): Promise<{ bytes: number }> {
  const { handle, stat } = await openRegularFile(source);
  try {
    const src = fileSource(handle, stat.size);
    const pieces = await plan(src, tags, options);
    const out = await fs.open(target, 'wx', 0o644);
    try {
      return {
        bytes: await writePieces(src, pieces, out, {
          signal: options.signal,
          onBytes: options.onBytes,
        }),
      };
    } finally {
      await out.close();
    }
  } finally {
    await handle.close();
  }
}

async function openRegular(
  path: string,
): Promise<{ handle: FileHandle; size: number; atime: Date; mtime: Date }> {
  // non-blocking, so a FIFO planted at a library file's name cannot hang the open
  const handle = await fs.open(path, READ_NONBLOCK);
  const st = await handle.stat();
  if (!st.isFile()) {
    await handle.close();
    throw unreadable('it is not a regular file');
  }
  return { handle, size: st.size, atime: st.atime, mtime: st.mtime };
}

export interface RetagFileOptions extends MergeOptions {
  /** Put the file's modification time back after the rewrite (default true). */
  keepModifiedTime?: boolean;
}

/** Merges `tags` into the file at `path`: rewritten beside it, renamed over, its mtime kept. */
export async function retagFile(
  path: string,
  tags: ExportTags,
  options: RetagFileOptions = {},
): Promise<{ bytes: number }> {
  const { handle, size, atime, mtime } = await openRegular(path);
  const tmp = tempPathFor(path, '.retag');
  let bytes = 0;
  try {
    const src = fileSource(handle, size);
    const pieces = await plan(src, tags, options);
    const out = await fs.open(tmp, 'wx', 0o644);
    try {
      bytes = await writePieces(src, pieces, out);
      await out.sync();
    } finally {
      await out.close();
    }
    const mode = (await handle.stat()).mode & 0o777;
    await fs.chmod(tmp, mode).catch(() => undefined);
    await fs.rename(tmp, path);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  } finally {
    await handle.close();
  }
  if (options.keepModifiedTime !== false) await fs.utimes(path, atime, mtime);
  return { bytes };
}

/** The byte range of the audio itself: what a retag never changes. */
export async function audioPayloadRange(src: ByteSource): Promise<{ start: number; end: number }> {
  const format = await taggedFormatOf(src);
  if (format === 'wav') return wavAudioPayload(src);
  if (format === 'flac') {
    const layout = await flacLayout(src);
    return { start: layout.audioStart, end: src.size };
  }
  return mp3AudioPayload(src);
}

const HASH_CHUNK_BYTES = 1024 * 1024;

/** The file's size and the SHA-256 of its audio payload (hex): the same before and after a retag. */
export async function audioPayloadHash(
  path: string,
): Promise<{ sizeBytes: number; sha256: string }> {
  const { handle, size } = await openRegular(path);
  try {
    const src = fileSource(handle, size);
    const { start, end } = await audioPayloadRange(src);
    const hash = createHash('sha256');
    for (let at = start; at < end; at += HASH_CHUNK_BYTES)
      hash.update(await readExactly(src, at, Math.min(HASH_CHUNK_BYTES, end - at)));
    return { sizeBytes: size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

async function recipeIn(src: ByteSource): Promise<string | null> {
  const format = await taggedFormatOf(src);
  if (format === 'mp3') return userTextOf((await mp3HeadTags(src)).frames, RECIPE_FIELD);
  if (format === 'wav') return userTextOf(await wavId3Frames(src), RECIPE_FIELD);
  for (const b of (await flacLayout(src)).blocks) {
    if (b.type !== VORBIS_COMMENT) continue;
    const { comments } = readVorbisComments(await readExactly(src, b.at, b.length));
    const c = comments.find((x) => fieldName(x) === RECIPE_FIELD);
    if (c) return new TextDecoder().decode(c.subarray(RECIPE_FIELD.length + 1));
  }
  return null;
}

/**
 * The text of the file's Cadenza recipe frame (not yet validated: see shared/domain/recipe.ts),
 * or null when it has none, it is larger than the cap, or the file's tags cannot be read.
 */
export async function readRecipeText(path: string): Promise<string | null> {
  const { handle, size } = await openRegular(path);
  try {
    const text = await recipeIn(fileSource(handle, size)).catch(() => null);
    return text !== null && new TextEncoder().encode(text).length <= MAX_RECIPE_BYTES ? text : null;
  } finally {
    await handle.close();
  }
}
