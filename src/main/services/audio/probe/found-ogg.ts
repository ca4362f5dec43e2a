/**
 * A found Ogg Vorbis or Opus file read without music-metadata when it is plain (issue 30): one
 * stream whose first two packets (identification and comments) are read page by page through the
 * probe's windows, its comments as music-metadata maps them (TITLE; GENRE or STYLE; LYRICS or
 * UNSYNCEDLYRICS; METADATA_BLOCK_PICTURE), its length from its last page (ogg.ts, as the full
 * probe measures it). Null for anything else — a second stream, a tag given twice, lyrics with
 * time stamps, an old COVERART picture, a file small enough that music-metadata reaches its last
 * page (and measures it itself) — and the full probe reads it.
 */
import type { FoundProbe } from './found-mp3';
import { oggDurationMs, oggLastPage } from './ogg';
import { MAX_TAG_BYTES } from './picture';
import type { ReadRange } from './reads';
import type { ReadAt } from './riff';
import { hasArt, readComments } from './vorbis-comments';

/**
 * music-metadata stops reading a stream at its 13th page once its comments are read, and then
 * leaves its length to the probe (ogg.ts); on a shorter file it reaches the last page and
 * measures the length itself. Here: comments within the first pages, and far more pages after.
 */
const COMMENTS_BY_PAGE = 8;
const MIN_PAGES = 16;

const ascii = (b: Uint8Array, at: number, n: number): string =>
  Buffer.from(b.subarray(at, at + n)).toString('latin1');

/** The first two packets of the file's only stream, or null. */
async function firstPackets(range: ReadRange): Promise<Uint8Array[] | null> {
  const packets: Uint8Array[] = [];
  let parts: Uint8Array[] = [];
  let held = 0;
  let serial: number | null = null;
  let at = 0;
  for (let page = 0; packets.length < 2; page++) {
    if (page >= COMMENTS_BY_PAGE) return null;
    const head = Buffer.from(await range(at, at + 27));
    if (head.length < 27 || ascii(head, 0, 4) !== 'OggS' || head[4] !== 0) return null;
    const type = head[5]!;
    // a beginning of stream on the first page only, no end, continued only within a packet
    if ((page === 0) !== ((type & 2) === 2) || type & 4) return null;
    if (((type & 1) === 1) !== parts.length > 0) return null;
    if (serial !== null && head.readUInt32LE(14) !== serial) return null;
    serial = head.readUInt32LE(14);
    const lacing = new Uint8Array(await range(at + 27, at + 27 + head[26]!));
    const total = lacing.reduce((n, l) => n + l, 0);
    const body = new Uint8Array(
      await range(at + 27 + lacing.length, at + 27 + lacing.length + total),
    );
    if (lacing.length !== head[26] || body.length !== total) return null;
    let from = 0;
    for (const l of lacing) {
      parts.push(body.subarray(from, from + l));
      from += l;
      held += l;
      if (held > MAX_TAG_BYTES) return null;
      if (l < 255) {
        packets.push(Buffer.concat(parts));
        parts = [];
        if (packets.length === 2) break;
      }
    }
    at += 27 + lacing.length + total;
  }
  return packets;
}

export async function plainOgg(
  reads: { range: ReadRange; readAt: ReadAt },
  size: number,
  userText: string | null,
): Promise<FoundProbe | null> {
  const last = await oggLastPage(reads.readAt, size);
  if (!last || last.sequence < MIN_PAGES) return null;
  const packets = await firstPackets(reads.range);
  if (!packets) return null;
  const [id, comments] = packets as [Uint8Array, Uint8Array];
  const vorbis = id[0] === 1 && ascii(id, 1, 6) === 'vorbis' && id.length >= 16;
  const opus = ascii(id, 0, 8) === 'OpusHead';
  if (!vorbis && !opus) return null;
  const start = vorbis ? 7 : 8;
  if (
    vorbis
      ? comments[0] !== 3 || ascii(comments, 1, 6) !== 'vorbis'
      : ascii(comments, 0, 8) !== 'OpusTags'
  )
    return null;
  const tags = readComments(
    Buffer.from(comments.buffer, comments.byteOffset, comments.length),
    start,
    userText,
  );
  if (!tags) return null;
  // a header without a sample rate is not media to the full probe either
  if (id.length < 16 || Buffer.from(id).readUInt32LE(12) === 0) return null;
  const rate = vorbis ? Buffer.from(id).readUInt32LE(12) : 48_000;
  const durationMs = await oggDurationMs(reads.readAt, size, vorbis ? 'ogg' : 'opus', rate, last);
  if (durationMs === null) return null;
  const { title, genre, lyrics, pictures } = tags;
  return { durationMs, title, genre, lyrics, hasArt: hasArt(pictures), userText: tags.userText };
}
