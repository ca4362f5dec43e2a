/**
 * Loudness (EBU R128 / ITU-R BS.1770-4) of a 4-minute song — the corpus's 30 s master (real
 * recordings, stereo 44.1 kHz) looped with ffmpeg, as MP3 (lame V2), FLAC and WAV — measured by
 * the worker's `audio.loudness` task as the app and the CLI run it, and once through the library's
 * background queue (measure + sidecar write), with main's longest event-loop stall meanwhile
 * (perf_hooks.monitorEventLoopDelay; target under 20 ms). ffmpeg's ebur128 reading is printed
 * beside each result. The files are made in bench/.data (not in git).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LibraryChange } from '@shared/domain/library';
import { createLoudnessService } from '../src/main/services/analysis/loudness';
import type { JobsHost } from '../src/main/services/jobs-host';
import { createLibrary } from '../src/main/services/library/library';
import { createWorkerClient, sharedWorker } from '../src/main/services/worker';
import type { WorkerTasks } from '../src/main/services/worker-tasks/registry';
import { fourMinuteSong } from './support/four-minutes';
import { measured } from './support/stall';

function ffmpegIntegrated(path: string): string {
  const { stderr } = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostats', '-i', path, '-af', 'ebur128', '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  return /I:\s+(\S+) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary:')))?.[1] ?? '?';
}

async function main(): Promise<void> {
  const dir = resolve(__dirname, '.data', 'loudness');
  const { wav, mp3, flac } = await fourMinuteSong(dir);

  await measured('control: main idle for 2 s', () => new Promise((r) => setTimeout(r, 2000)));
  const worker = createWorkerClient<WorkerTasks>();
  await worker.run('media.probe', { path: wav }); // start the thread
  console.log('in the worker (task audio.loudness, as the app and the CLI run it):');
  for (const [label, path] of [
    ['4-minute MP3 (VBR V2)', mp3],
    ['4-minute FLAC (16-bit)', flac],
    ['4-minute WAV (16-bit)', wav],
  ] as const) {
    const l = await measured(`loudness, ${label}`, () => worker.run('audio.loudness', { path }));
    console.log(
      `  ${l?.integratedLufs} LUFS, true peak ${l?.truePeakDb} dBTP (ffmpeg ebur128: ${ffmpegIntegrated(path)} LUFS)`,
    );
  }
  await worker.close();

  console.log('the library queue (worker measurement + sidecar write):');
  const lib = join(dir, 'library');
  rmSync(lib, { recursive: true, force: true });
  mkdirSync(lib);
  const library = createLibrary({ dir: lib, watch: false });
  await library.open();
  const item = await library.importFile(mp3, { title: 'Four minutes' });
  const host = {
    runtime: async () => ({ library }),
    on: (_n: string, l: (c: LibraryChange) => void) => library.on('changed', l),
  } as unknown as JobsHost;
  const service = createLoudnessService({
    dataDir: join(dir, 'data'),
    host,
    measure: (path, signal) =>
      sharedWorker<WorkerTasks>().run('audio.loudness', { path }, { signal }),
  });
  await measured('measure and keep, 4-minute MP3 item', () => service.measure(item.id));
  if (!library.get(item.id)?.loudness) throw new Error('the sidecar has no loudness');
  await measured('kept: answered from the sidecar', () => service.measure(item.id));
  await service.stop();
  await library.close();
  await sharedWorker().close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
