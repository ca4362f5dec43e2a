/**
 * Whole song of a three-part chain, rendered by the worker's `audio.wholeSong` as the app and
 * the CLI run it: a 2:00 song, an extension continuing it at 1:40 with 1:30 of new audio, and an
 * extension of that continuing at 1:10 of its new audio with 1:20 more (stereo 44.1 kHz MP3s at 192 kbit/s
 * made with lame from alsa-utils recordings) — once with extensions holding only their new audio,
 * once with extensions that repeat the song before them ("whole" shape: the opening is measured
 * and skipped). Main's longest event-loop stall meanwhile (target under 20 ms).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createWorkerClient } from '../src/main/services/worker';
import type { WorkerTasks } from '../src/main/services/worker-tasks/registry';
import { measured } from './support/stall';

const ALSA = '/usr/share/sounds/alsa';

/** `seconds` of the alsa recordings `names` looped one after another, stereo 44.1 kHz WAV. */
function loops(out: string, names: string[], seconds: number): void {
  const each = seconds / names.length;
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    ...names.flatMap((n) => ['-stream_loop', '-1', '-t', String(each), '-i', join(ALSA, `${n}.wav`)]),
    '-filter_complex', `${names.map((_, i) => `[${i}]`).join('')}concat=n=${names.length}:v=0:a=1`,
    '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', out,
  ]); // prettier-ignore
}

const cut = (from: string, seconds: number, out: string): void =>
  void execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', from, '-t', String(seconds), out]);
const join2 = (a: string, b: string, out: string): void =>
  void execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-i', a, '-i', b,
    '-filter_complex', '[0][1]concat=n=2:v=0:a=1', '-c:a', 'pcm_s16le', out,
  ]); // prettier-ignore
const mp3 = (wav: string, out: string): void =>
  void execFileSync('lame', ['--quiet', '-b', '192', wav, out]);

async function main(): Promise<void> {
  const dir = resolve(__dirname, '.data', 'whole-song');
  mkdirSync(dir, { recursive: true });
  const p = (n: string) => join(dir, n);
  if (!existsSync(p('ext2-whole-170.mp3'))) {
    loops(p('song.wav'), ['Front_Center', 'Noise'], 120);
    loops(p('new1.wav'), ['Rear_Left', 'Side_Right'], 90);
    loops(p('new2.wav'), ['Front_Right', 'Rear_Right'], 80);
    // "whole" shape: each extension holds what it continues up to continue_at, then its new audio
    cut(p('song.wav'), 100, p('head1.wav'));
    join2(p('head1.wav'), p('new1.wav'), p('ext1-whole.wav'));
    // ext1's own file holds the song's 100 s first: continuing its new audio at 70 s is 170 s
    cut(p('ext1-whole.wav'), 170, p('head2.wav'));
    join2(p('head2.wav'), p('new2.wav'), p('ext2-whole.wav'));
    for (const n of ['song', 'new1', 'new2', 'ext1-whole']) mp3(p(`${n}.wav`), p(`${n}.mp3`));
    mp3(p('ext2-whole.wav'), p('ext2-whole-170.mp3'));
  }
  await measured('control: main idle for 2 s', () => new Promise((r) => setTimeout(r, 2000)));
  const worker = createWorkerClient<WorkerTasks>();
  await worker.run('media.probe', { path: p('song.mp3') }); // start the thread
  for (const [shape, e1, e2, at2] of [
    ['new', 'new1.mp3', 'new2.mp3', 70_000],
    ['whole', 'ext1-whole.mp3', 'ext2-whole-170.mp3', 170_000],
  ] as const) {
    const outPath = p(`out-${shape}.mp3`);
    const r = await measured(`whole song, 3 parts, extensions "${shape}"`, () =>
      worker.run('audio.wholeSong', {
        parts: [
          { path: p('song.mp3') },
          { path: p(e1), continueAtMs: 100_000 },
          { path: p(e2), continueAtMs: at2 },
        ],
        outPath,
      }),
    );
    const shapes = r.seams.map((s) => s.shape).join(', ');
    console.log(
      `  -> ${(r.durationMs / 1000).toFixed(2)} s, seams ${shapes}, ${(statSync(outPath).size / 1e6).toFixed(1)} MB`,
    );
    if (r.seams.some((s) => s.shape !== shape)) throw new Error(`expected ${shape} seams`);
    rmSync(outPath, { force: true });
  }
  await worker.close();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
