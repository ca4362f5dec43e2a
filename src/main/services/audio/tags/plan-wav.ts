/**
 * A merged retag of a WAV: its chunks are walked (capped in count); every chunk but the tags is
 * copied byte for byte (fmt, data, cue, smpl, bext…); the `id3 ` chunk's frames are merged as in
 * an MP3 (id3-merge.ts) and LIST/INFO keeps every field Cadenza does not write. Both tag chunks go
 * after the others; the RIFF size is written anew. A WAV cut short (its data chunk claims more
 * than the file holds) or larger than RIFF can describe is refused: a chunk appended after it
 * would be read as audio.
 */
import {
  id3TagLength,
  mergeId3Frames,
  readId3Frames,
  type FoundFrame,
  type MergeOptions,
} from './id3-merge';
import { id3v2TagOf } from './id3v2';
import { infoChunk, infoFields } from './riff';
import { readExactly, unreadable, type ByteSource, type Piece } from './source';
import { MAX_TAG_READ_BYTES, concatBytes, utf8, type ExportTags } from './types';

const MAX_CHUNKS = 10_000;

interface Chunk {
  id: string;
  /** Where its header starts, its body's length, and whether the pad byte is in the file. */
  at: number;
  size: number;
  padded: boolean;
}

const ascii = (b: Uint8Array): string => String.fromCharCode(...b);
const u32 = (b: Uint8Array, at: number): number =>
  new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(at, true);

export async function wavChunks(src: ByteSource): Promise<Chunk[]> {
  const head = await readExactly(src, 0, 12);
  if (ascii(head.subarray(0, 4)) !== 'RIFF' || ascii(head.subarray(8, 12)) !== 'WAVE')
    throw unreadable('it is not a RIFF WAV file');
  const chunks: Chunk[] = [];
  for (let at = 12; at + 8 <= src.size;) {
    if (chunks.length >= MAX_CHUNKS) throw unreadable('it has too many chunks');
    const h = await readExactly(src, at, 8);
    const id = ascii(h.subarray(0, 4));
    const size = u32(h, 4);
    if (at + 8 + size > src.size) throw unreadable('it is cut short');
    const padded = size % 2 === 1 && at + 8 + size + 1 <= src.size;
    chunks.push({ id, at, size, padded });
    at += 8 + size + (size % 2);
  }
  if (!chunks.some((c) => c.id === 'data')) throw unreadable('it holds no audio');
  return chunks;
}

/** LIST/INFO's sub-chunks as whole bytes, with their ids. */
function infoSubchunks(body: Uint8Array): Array<{ id: string; bytes: Uint8Array }> {
  const out: Array<{ id: string; bytes: Uint8Array }> = [];
  for (let at = 4; at + 8 <= body.length && out.length < MAX_CHUNKS;) {
    const size = u32(body, at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > body.length) break;
    out.push({
      id: ascii(body.subarray(at, at + 4)),
      bytes: body.slice(at, Math.min(end, body.length)),
    });
    at = end;
  }
  return out;
}

function chunkBytes(id: string, body: Uint8Array): Uint8Array {
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, body.length, true);
  return concatBytes([utf8(id), size, body, new Uint8Array(body.length % 2)]);
}

async function tagBody(src: ByteSource, c: Chunk): Promise<Uint8Array> {
  if (c.size > MAX_TAG_READ_BYTES) throw unreadable('its tags are too large');
  return readExactly(src, c.at + 8, c.size);
}

/** The frames of a WAV's `id3 ` chunks (for reading a recipe back). */
export async function wavId3Frames(src: ByteSource): Promise<FoundFrame[]> {
  const frames: FoundFrame[] = [];
  for (const c of await wavChunks(src))
    if (c.id === 'id3 ' || c.id === 'ID3 ') frames.push(...readId3Frames(await tagBody(src, c)));
  return frames;
}

export async function planWav(
  src: ByteSource,
  tags: ExportTags,
  options: MergeOptions = {},
): Promise<Piece[]> {
  const chunks = await wavChunks(src);
  const pieces: Piece[] = [];
  const frames: FoundFrame[] = [];
  const keptInfo: Uint8Array[] = [];
  const owned = new Set(infoFields(tags).map((f) => f.id));
  for (const c of chunks) {
    if (c.id === 'id3 ' || c.id === 'ID3 ') {
      const body = await tagBody(src, c);
      if (id3TagLength(body) > 0) frames.push(...readId3Frames(body));
      continue;
    }
    if (c.id === 'LIST' && c.size >= 4 && ascii(await readExactly(src, c.at + 8, 4)) === 'INFO') {
      for (const f of infoSubchunks(await tagBody(src, c)))
        if (!owned.has(f.id)) keptInfo.push(f.bytes);
      continue;
    }
    pieces.push({ from: c.at, length: 8 + c.size + (c.padded ? 1 : 0) });
    if (c.size % 2 === 1 && !c.padded) pieces.push(new Uint8Array(1));
  }
  const info = infoChunk(tags, keptInfo);
  if (info) pieces.push(chunkBytes(info.id, info.body));
  const id3 = id3v2TagOf(mergeId3Frames(frames, tags, options));
  if (id3.length > 0) pieces.push(chunkBytes('id3 ', id3));
  const total = 4 + pieces.reduce((n, p) => n + p.length, 0);
  if (total > 0xffffffff) throw unreadable('it is larger than a WAV file can describe');
  const head = concatBytes([utf8('RIFF'), new Uint8Array(4), utf8('WAVE')]);
  new DataView(head.buffer).setUint32(4, total, true);
  return [head, ...pieces];
}

/** The data chunk's body: the audio. */
export async function wavAudioPayload(src: ByteSource): Promise<{ start: number; end: number }> {
  const data = (await wavChunks(src)).find((c) => c.id === 'data')!;
  return { start: data.at + 8, end: data.at + 8 + data.size };
}
