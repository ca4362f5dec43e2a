/**
 * Trim and fade of a 4-minute song (alsa-utils recordings looped with ffmpeg; stereo 44.1 kHz)
 * as WAV, FLAC and MP3 — 0:30 to 3:30 with a 2 s fade in and a 5 s fade out, rendered by the
 * worker's `audio.trim` as the app and the CLI run it — and the zoomed waveform's finer peaks
 * (`media.peaksWindow`: the first window decodes the file, the next answers from kept peaks),
 * with main's longest event-loop stall meanwhile (perf_hooks.monitorEventLoopDelay; target
 * under 20 ms).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createWorkerClient } from '../src/main/services/worker';
import type { WorkerTasks } from '../src/main/services/worker-tasks/registry';
import { measured } from './support/stall';

async function main(): Promise<void> {
  const dir = resolve(__dirname, '.data', 'trim');
  mkdirSync(dir, { recursive: true });
  const wav = join(dir, 'four-minutes.wav');
  const flac = join(dir, 'four-minutes.flac');
  const mp3 = join(dir, 'four-minutes.mp3');
  if (!existsSync(mp3)) {
    const alsa = '/usr/share/sounds/alsa';
    const names = ['Front_Center', 'Noise', 'Rear_Left', 'Side_Right', 'Front_Right'];
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      ...names.flatMap((n) => ['-stream_loop', '-1', '-t', '48', '-i', join(alsa, `${n}.wav`)]),
      '-filter_complex', `${names.map((_, i) => `[${i}]`).join('')}concat=n=5:v=0:a=1`,
      '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', wav,
    ]); // prettier-ignore
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-c:a', 'flac', flac]);
    execFileSync('lame', ['--quiet', '-b', '192', wav, mp3]);
  }
  const region = {
    startMs: 30_000,
    endMs: 210_000,
    fadeInMs: 2000,
    fadeOutMs: 5000,
    fadeCurve: 'equal-power' as const,
  };
  await measured('control: main idle for 2 s', () => new Promise((r) => setTimeout(r, 2000)));
  const worker = createWorkerClient<WorkerTasks>();
  await worker.run('media.probe', { path: wav }); // start the thread
  for (const [format, path] of [
    ['wav', wav],
    ['flac', flac],
    ['mp3', mp3],
  ] as const) {
    const target = join(dir, `out.${format}`);
    const r = await measured(`trim 3:00 of a 4-minute ${format.toUpperCase()}`, () =>
      worker.run('audio.trim', { source: path, target, format, region, kbps: 192 }),
    );
    if (r.durationMs !== 180_000) throw new Error(`expected 180000 ms, got ${r.durationMs}`);
    rmSync(target, { force: true });
  }
  for (const [label, path] of [
    ['MP3', mp3],
    ['FLAC', flac],
  ] as const) {
    const window = { path, fromMs: 100_000, toMs: 102_000, bars: 400 };
    await measured(`zoomed peaks, ${label}, first window (decodes)`, () =>
      worker.run('media.peaksWindow', window),
    );
    await measured(`zoomed peaks, ${label}, next window (kept)`, () =>
      worker.run('media.peaksWindow', { ...window, fromMs: 150_000, toMs: 152_000 }),
    );
  }
  await worker.close();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
