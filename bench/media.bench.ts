/**
 * The media toolkit: probing 1,000 files (the corpus's 25 real recordings, each probed 40 times
 * under its own name) and waveform peaks for a 4-minute MP3 and FLAC, each run in the worker
 * thread as the app runs them, with main's longest event-loop stall meanwhile
 * (perf_hooks.monitorEventLoopDelay; target under 20 ms). The same work run on main is shown for
 * comparison. The 4-minute files are made from the corpus with ffmpeg, lame and flac.
 */
import { existsSync, mkdirSync, linkSync } from 'node:fs';
import { join } from 'node:path';
import { decodePeaks } from '../src/main/services/audio/peaks/peaks';
import { probeFile } from '../src/main/services/audio/probe';
import { createWorkerClient } from '../src/main/services/worker';
import type { WorkerTasks } from '../src/main/services/worker-tasks/registry';
import { ensureAudioCorpus } from '../test/support/audio-corpus';
import { fourMinuteSong } from './support/four-minutes';
import { measured } from './support/stall';

async function main(): Promise<void> {
  const corpus = await ensureAudioCorpus();
  const dir = join(corpus.dir, '..', 'cadenza-bench-media');
  mkdirSync(dir, { recursive: true });
  // 1,000 files: hard links to the corpus under distinct names
  const files: string[] = [];
  const sources = corpus.files.filter((f) => f.name !== 'ten-minutes.wav');
  for (let i = 0; files.length < 1000; i++) {
    const f = sources[i % sources.length]!;
    const path = join(dir, `${i}-${f.name}`);
    if (!existsSync(path)) linkSync(f.path, path);
    files.push(path);
  }
  const { mp3, flac } = await fourMinuteSong(dir);

  // the noise floor: main's longest stall while nothing at all runs (a shared machine's load)
  await measured('control: main idle for 2 s', () => new Promise((r) => setTimeout(r, 2000)));
  const worker = createWorkerClient<WorkerTasks>();
  await worker.run('media.probe', { path: files[0]! }); // start the thread
  console.log('in the worker (as the app runs them):');
  await measured('probe 1,000 files (4 at a time)', async () => {
    let next = 0;
    const run = async () => {
      while (next < files.length) await worker.run('media.probe', { path: files[next++]! });
    };
    await Promise.all([run(), run(), run(), run()]);
  });
  for (const [label, path] of [
    ['peaks, 4-minute MP3 (VBR V2)', mp3],
    ['peaks, 4-minute FLAC (16-bit)', flac],
  ] as const) {
    const p = await measured(label, () => worker.run('media.peaks', { path }));
    if (!p) throw new Error(`no peaks for ${path}`);
  }
  await worker.close();

  console.log('on main (for comparison; not how the app runs them):');
  await measured('probe 1,000 files', async () => {
    for (const f of files) await probeFile(f);
  });
  await measured('peaks, 4-minute MP3', () => decodePeaks(mp3));
  await measured('peaks, 4-minute FLAC', () => decodePeaks(flac));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
