/**
 * Reading an ID3v2 tag someone else wrote (v2.3 or v2.4; v2.2 is too old to carry over) into its
 * frames, each as ID3v2.4 bytes with a key saying which slot it fills, and merging Cadenza's frames
 * into them: a found frame whose key a written frame replaces goes, every other frame stays byte
 * for byte (v2.4 frames as they were; v2.3 frames with their header rewritten for v2.4 and their
 * body as it was; v2.3 frames compressed or encrypted, which v2.4 spells differently, are left
 * out). Tags are input: the caller caps the bytes; every length here is checked against them.
 *
 *   const found = readId3Frames(tagBytes);       // [{ key: 'TIT2', bytes }, { key: 'PCNT', … }]
 *   const tag = mergeId3(found, { title: 'Neon Tide' });
 */
import { CADENZA_PREFIX, RECIPE_FIELD, concatBytes, type ExportTags } from './types';
import { id3v2TagOf, ownedFrames, synchsafe } from './id3v2';

export interface FoundFrame {
  /** "TIT2", "TXXX:REPLAYGAIN_TRACK_GAIN", "COMM:", "APIC:3"; opaque for frames not readable. */
  key: string;
  /** The whole frame as ID3v2.4 (header and body). */
  bytes: Uint8Array;
}

/** Frames read from one tag, capped: a tag claiming more frames than this is hostile. */
const MAX_FRAMES = 10_000;

const ascii = (b: Uint8Array): string => String.fromCharCode(...b);
const readSynchsafe = (b: Uint8Array, at: number): number =>
  ((b[at]! & 0x7f) << 21) |
  ((b[at + 1]! & 0x7f) << 14) |
  ((b[at + 2]! & 0x7f) << 7) |
  (b[at + 3]! & 0x7f);
const readU32 = (b: Uint8Array, at: number): number =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** Bytes of a whole ID3v2 tag starting at `b[0]` (header, body and footer), 0 when none. */
export function id3TagLength(head: Uint8Array): number {
  if (head.length < 10 || ascii(head.subarray(0, 3)) !== 'ID3') return 0;
  if (head[3]! < 2 || head[3]! > 4 || head[4] === 0xff) return 0;
  if ((head[6]! | head[7]! | head[8]! | head[9]!) & 0x80) return 0;
  return 10 + readSynchsafe(head, 6) + (head[3] === 4 && head[5]! & 0x10 ? 10 : 0);
}

function removeUnsync(b: Uint8Array): Uint8Array {
  const out = new Uint8Array(b.length);
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    out[n++] = b[i]!;
    if (b[i] === 0xff && b[i + 1] === 0) i++;
  }
  return out.subarray(0, n);
}

/** The text at `at` up to its terminator in `encoding` (0/3 one zero byte, 1/2 two). */
function terminated(b: Uint8Array, at: number, encoding: number): { text: string; end: number } {
  const wide = encoding === 1 || encoding === 2;
  let end = at;
  if (wide) while (end + 1 < b.length && (b[end] !== 0 || b[end + 1] !== 0)) end += 2;
  else while (end < b.length && b[end] !== 0) end++;
  const raw = b.subarray(at, Math.min(end, b.length));
  let text: string;
  if (encoding === 3) text = new TextDecoder().decode(raw);
  else if (encoding === 0) text = String.fromCharCode(...raw);
  else text = new TextDecoder(encoding === 2 ? 'utf-16be' : 'utf-16').decode(raw);
  return { text, end: end + (wide ? 2 : 1) };
}

/** Which slot a frame fills: its id, with the description for TXXX, COMM and USLT, the picture type for APIC, the owner for POPM. */
function keyOf(id: string, body: Uint8Array): string {
  if (body.length < 1) return id;
  // a rating's owner (no encoding byte): only Cadenza's own POPM is replaced
  if (id === 'POPM') return `POPM:${terminated(body, 0, 0).text}`;
  const encoding = body[0]!;
  if (encoding > 3) return `${id}:?`;
  if (id === 'TXXX') return `TXXX:${terminated(body, 1, encoding).text.toUpperCase()}`;
  if (id === 'COMM' || id === 'USLT') return `${id}:${terminated(body, 4, encoding).text}`;
  if (id === 'APIC') {
    const mime = terminated(body, 1, 0);
    return `APIC:${body[mime.end] ?? '?'}`;
  }
  return id;
}

/** The frames of one ID3v2 tag (`tag` is the whole tag, header included); [] for v2.2 or junk. */
export function readId3Frames(tag: Uint8Array): FoundFrame[] {
  const total = id3TagLength(tag);
  if (total === 0 || total > tag.length) return [];
  const version = tag[3]!;
  if (version === 2) return [];
  const flags = tag[5]!;
  let body = tag.subarray(10, 10 + readSynchsafe(tag, 6));
  if (version === 3 && flags & 0x80) body = removeUnsync(body);
  let at = 0;
  if (flags & 0x40 && body.length >= 4)
    at = version === 4 ? readSynchsafe(body, 0) : 4 + readU32(body, 0);
  const frames: FoundFrame[] = [];
  while (at + 10 <= body.length && frames.length < MAX_FRAMES) {
    const id = ascii(body.subarray(at, at + 4));
    if (!/^[A-Z0-9]{4}$/.test(id)) break; // padding, or junk
    const size = version === 4 ? readSynchsafe(body, at + 4) : readU32(body, at + 4);
    const start = at + 10;
    if (size > body.length - start) break; // cut short: the broken frame goes
    const status = body[at + 8]!;
    const format = body[at + 9]!;
    const frameBody = body.subarray(start, start + size);
    at = start + size;
    if (version === 4) {
      const opaque = (format & 0x0e) !== 0; // compressed, encrypted or unsynchronised
      const plain = format & 0x01 ? frameBody.subarray(4) : frameBody;
      const key = opaque ? `${id}:\u0000${frames.length}` : keyOf(id, plain);
      frames.push({ key, bytes: body.slice(start - 10, start + size) });
      continue;
    }
    if (format & 0xc0) continue; // v2.3 compressed or encrypted: no faithful v2.4 spelling
    const status4 = ((status & 0x80) >> 1) | ((status & 0x40) >> 1) | ((status & 0x20) >> 1);
    const format4 = format & 0x20 ? 0x40 : 0; // grouping identity
    const header = concatBytes([
      new TextEncoder().encode(id),
      synchsafe(size),
      Uint8Array.of(status4, format4),
    ]);
    const plain = format & 0x20 ? frameBody.subarray(1) : frameBody;
    frames.push({ key: keyOf(id, plain), bytes: concatBytes([header, frameBody]) });
  }
  return frames;
}

export interface MergeOptions {
  /** Leave out every Cadenza frame (export "without Cadenza data"), found or written. */
  withoutCadenza?: boolean;
  /** Zero bytes after the frames, for a later retag in place. */
  paddingBytes?: number;
}

const isCadenza = (key: string): boolean => key.startsWith(`TXXX:${CADENZA_PREFIX}`);

/** Cadenza's frames first, then every found frame none of them replaces, in the order found. */
export function mergeId3Frames(
  found: readonly FoundFrame[],
  tags: ExportTags,
  options: MergeOptions = {},
): Uint8Array[] {
  const owned = ownedFrames(options.withoutCadenza ? { ...tags, recipe: undefined } : tags);
  const replaced = new Set(owned.flatMap((f) => f.replaces));
  const writesRecipe = replaced.has(`TXXX:${RECIPE_FIELD}`);
  const kept = found.filter(
    (f) => !replaced.has(f.key) && !((writesRecipe || options.withoutCadenza) && isCadenza(f.key)),
  );
  return [...owned.map((f) => f.bytes).filter((b) => b.length > 0), ...kept.map((f) => f.bytes)];
}

/** The merged tag, ready to write (empty when nothing is left to write). */
export function mergeId3(
  found: readonly FoundFrame[],
  tags: ExportTags,
  options: MergeOptions = {},
): Uint8Array {
  return id3v2TagOf(mergeId3Frames(found, tags, options), options.paddingBytes ?? 0);
}

/** The value of a TXXX frame with this description among `found`, or null. */
export function userTextOf(found: readonly FoundFrame[], description: string): string | null {
  const frame = found.find((f) => f.key === `TXXX:${description.toUpperCase()}`);
  if (!frame) return null;
  const body = frame.bytes.subarray(10);
  const encoding = body[0]!;
  const desc = terminated(body, 1, encoding);
  return terminated(body, desc.end, encoding).text;
}
