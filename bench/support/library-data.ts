/**
 * A generated library folder for the benches: `count` items, each a small valid WAV and its
 * sidecar (titles, tags, prompts and, for every other item, lyrics drawn from a word list so
 * searches narrow the way real ones do). The newest `longCount` items get a few seconds of tone
 * so they can be played; the rest are 50 ms long so the folder stays small (≈ 9 MB for 10,000).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toneWav } from '../../test/support/media-fixtures';

const COMMON =
  'rain night neon river summer ghost dream velvet city ocean fire paper glass golden echo shadow silver wild heart road'.split(
    ' ',
  );
const SYLLABLES = 'ka lo mi ra ten sur vel ni ora bel tam quo ris an del fen gor hul ix jun'.split(
  ' ',
);
const WORDS = [
  ...COMMON,
  ...Array.from(
    { length: 4000 },
    (_, i) =>
      `${SYLLABLES[i % 20]}${SYLLABLES[Math.floor(i / 20) % 20]}${SYLLABLES[Math.floor(i / 400) % 20]}`,
  ),
];
const word = (i: number, k: number): string =>
  (k % 3 === 0
    ? COMMON[(i + k) % COMMON.length]
    : WORDS[(i * 7919 + k * 104_729) % WORDS.length]) as string;

export interface GeneratedLibrary {
  count: number;
  /** Items with lyrics. */
  withLyrics: number;
  /** Titles of the newest items, newest first (the ones that play for a few seconds). */
  playable: string[];
  bytes: number;
  /** Songs (each with the service link songs made by the service carry). */
  songs: number;
}

export async function generateLibrary(
  dir: string,
  count: number,
  { longCount = 5, longS = 3 }: { longCount?: number; longS?: number } = {},
): Promise<GeneratedLibrary> {
  await mkdir(dir, { recursive: true });
  const short = toneWav(0.05);
  const long = toneWav(longS);
  const playable: string[] = [];
  let withLyrics = 0;
  let songs = 0;
  let bytes = 0;
  const writes: Promise<void>[] = [];
  for (let n = 0; n < count; n += 1) {
    const title = `${word(n, 1)} ${word(n, 2)} ${n}`;
    const file = `${title}.wav`;
    const isLong = n >= count - longCount;
    if (isLong) playable.unshift(title);
    const lyrics =
      n % 2 === 0
        ? Array.from(
            { length: 16 },
            (_, l) => `${word(n, l)} ${word(n + l, 3)} ${word(n, l + 5)} in the ${word(l, n)}`,
          ).join('\n')
        : null;
    if (lyrics) withLyrics += 1;
    const kind = n % 4 === 0 ? 'tts' : 'song';
    if (kind === 'song') songs += 1;
    const media = isLong ? long : short;
    bytes += media.length;
    const sidecar = {
      schema_version: 1,
      id: `itm_bench${String(n).padStart(8, '0')}`,
      kind,
      title,
      lyrics,
      tags: [word(n, 4), word(n, 6)],
      prompt: `${word(n, 7)} ${word(n, 8)} with ${word(n, 9)} vocals`,
      model: kind === 'song' ? 'v4.5' : null,
      voice: kind === 'tts' ? 'Ava' : null,
      emotion: kind === 'tts' ? 'Cheerful' : null,
      duration_ms: isLong ? longS * 1000 : 50,
      parent_id: null,
      variation_group: kind === 'song' ? `job_${Math.floor(n / 2)}` : null,
      created_at: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
      job_id: `job_${Math.floor(n / 2)}`,
      // what the service gave: songs can be sent on as links (training, singing videos)
      source_url: `https://media.example.invalid/bench/${n}.mp3`,
    };
    writes.push(
      writeFile(join(dir, file), media),
      writeFile(join(dir, `${file}.json`), JSON.stringify(sidecar)),
    );
    if (writes.length >= 400) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  return { count, withLyrics, playable, bytes, songs };
}
