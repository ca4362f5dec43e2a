/**
 * One round of the soak (bench/soak.bench.ts, and the diagnostic soak-trace.ts): what a creator
 * does without pause — a take added (media and sidecar written, then refreshed, as the app's
 * saver does), renamed, searched for key by key, the list scrolled with the shown rows' lyrics
 * fetched, a file played from disk, and the take removed.
 */
import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Library } from '../../src/main/services/library/library';

/** The soak's steps, in their order (soak-trace prints the memory per step). */
export type SoakStep = 'add' | 'rename' | 'type' | 'scroll' | 'play' | 'remove';

/** Queries typed a key at a time, one a round. */
const WORDS = ['velvet', 'night', 'golden road', 'kalora', 'rain', 'zzz-none'];

/** Operations a round makes (the soak bench prints them beside each sample). */
export const SOAK_ROUND_OPS = 6;

/** Scrolling: windows of 50 rows as the list reads them, the shown ones' lyrics fetched. */
async function scroll(lib: Library, round: number): Promise<void> {
  const items = lib.items();
  for (let w = 0; w < 10; w++) {
    const from = ((round * 7919 + w * 104_729) % Math.max(1, items.length - 50)) | 0;
    // the rows' text, as the list makes it
    items.slice(from, from + 50).map((i) => `${i.title} ${i.duration_ms ?? ''}`);
    const shown = items[from];
    if (shown) await lib.full(shown);
  }
}

/** Playing: the first 512 KiB of a file read in 64 KiB chunks, as the media protocol streams. */
async function play(dir: string, file: string | undefined): Promise<void> {
  if (!file) return;
  const handle = await open(join(dir, file), 'r').catch(() => null);
  if (!handle) return;
  try {
    const chunk = Buffer.alloc(64 * 1024);
    for (let at = 0; at < 512 * 1024; at += chunk.length)
      if ((await handle.read(chunk, 0, chunk.length, at)).bytesRead < chunk.length) break;
  } finally {
    await handle.close();
  }
}

/** Round `n` over the library open at `dir`; `onStep` is told each step as it starts. */
export async function soakRound(
  lib: Library,
  dir: string,
  n: number,
  media: Buffer,
  onStep: (step: SoakStep) => void = () => undefined,
): Promise<void> {
  onStep('add');
  const name = `soak ${n}.wav`;
  await writeFile(join(dir, name), media);
  await writeFile(
    join(dir, `${name}.json`),
    JSON.stringify({
      schema_version: 1,
      id: `itm_soak${String(n).padStart(12, '0')}`,
      kind: 'song',
      title: `soak ${n}`,
      lyrics: `line ${n} of a song that comes and goes\n`.repeat(12),
      tags: ['soak'],
      prompt: `a prompt for soak ${n}`,
      created_at: new Date().toISOString(),
    }),
  );
  await lib.refresh([name]);
  const added = lib.items().find((i) => i.file === name);
  onStep('rename');
  if (added) await lib.rename(added.id, `soak renamed ${n}`);
  onStep('type');
  const q = WORDS[n % WORDS.length]!;
  for (let k = 1; k <= q.length; k++) await lib.filter({ text: q.slice(0, k) });
  onStep('scroll');
  await scroll(lib, n);
  onStep('play');
  const items = lib.items();
  await play(dir, items[(n * 31) % Math.max(1, items.length)]?.file);
  onStep('remove');
  const now = lib.items().find((i) => i.id === added?.id);
  if (now) await lib.remove(now.id);
}
