/**
 * Export of 20 songs (30 s each: the corpus's master of real recordings, stereo 44.1 kHz) through
 * the export service and the worker, as the app and the CLI run it: FLAC items to MP3 (lamejs
 * encode), MP3 items to FLAC (decode + our FLAC encoder), MP3 to MP3 (retag, no re-encode), with
 * main's longest event-loop stall meanwhile (perf_hooks.monitorEventLoopDelay; target under
 * 20 ms). EXPORT_BENCH_SONGS / EXPORT_BENCH_SECONDS change the size. Files in bench/.data.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ExportOptions } from '@shared/domain/export';
import type { LibraryItem } from '@shared/domain/library';
import { createExportService } from '../src/main/services/export/service';
import { createLibrary, type Library } from '../src/main/services/library/library';
import { sharedWorker } from '../src/main/services/worker';
import type { WorkerTasks } from '../src/main/services/worker-tasks/registry';
import { loopedSong } from './support/four-minutes';
import { measured } from './support/stall';

const SONGS = Number(process.env.EXPORT_BENCH_SONGS ?? 20);
const SECONDS = Number(process.env.EXPORT_BENCH_SECONDS ?? 30);

/** `measured`, plus the 99th percentile of main's delay and how many 20 ms stalls there were. */
async function withP99<T>(label: string, work: () => Promise<T>): Promise<T> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let over = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    if (now - last > 20 + 10) over += 1;
    last = now;
  }, 10);
  try {
    return await measured(label, work);
  } finally {
    clearInterval(tick);
    h.disable();
    console.log(
      `  main's delay p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, ${over} stalls over 20 ms`,
    );
  }
}

async function main(): Promise<void> {
  const dir = resolve(__dirname, '.data', 'export');
  const { mp3, flac, wav } = await loopedSong(dir, `song-${SECONDS}s`, SECONDS, ['-b', '192']);

  const lib = join(dir, 'library');
  rmSync(lib, { recursive: true, force: true });
  mkdirSync(lib);
  const library: Library = createLibrary({ dir: lib, watch: false });
  await library.open();
  const add = async (source: string, kind: string): Promise<LibraryItem[]> => {
    const items: LibraryItem[] = [];
    for (let i = 1; i <= SONGS; i++)
      items.push(await library.importFile(source, { title: `${kind} song ${i}`, prompt: 'bench' }));
    return items;
  };
  const flacItems = await add(flac, 'FLAC');
  const mp3Items = await add(mp3, 'MP3');

  const exporter = createExportService({
    settings: { get: () => ({ schema_version: 1, baseUrl: '', export: { artist: 'Bench' } }) },
  });
  await sharedWorker<WorkerTasks>().run('media.probe', { path: wav }); // start the thread
  await measured('control: main idle for 2 s', () => new Promise((r) => setTimeout(r, 2000)));
  // the same kind of load without the export: the worker decoding and metering 5 songs (on a
  // loaded machine, main's stall here is the scheduler's, not the export's)
  await withP99('control: worker busy (loudness of 40 songs)', async () => {
    for (let i = 0; i < 40; i++)
      await sharedWorker<WorkerTasks>().run('audio.loudness', { path: flac });
  });
  const audioS = SONGS * SECONDS;
  const run = async (label: string, items: LibraryItem[], options: ExportOptions) => {
    const folder = join(dir, `out-${options.format}-${label.split(' ')[0]}`);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
    const t0 = performance.now();
    const r = await withP99(`${SONGS} songs, ${label}`, () =>
      exporter.exportItems({ items, library, folder, options }),
    );
    const s = (performance.now() - t0) / 1000;
    const bytes = readdirSync(folder).reduce((n, f) => n + statSync(join(folder, f)).size, 0);
    console.log(
      `  ${r.files.length} files, ${(bytes / 1e6).toFixed(1)} MB, ${(audioS / s).toFixed(1)}x real time, ${r.reencoded} re-encoded`,
    );
  };
  await run('FLAC items to MP3 (192 kbit/s)', flacItems, { format: 'mp3', album: 'Bench' });
  await run('MP3 items to FLAC (16-bit)', mp3Items, { format: 'flac', album: 'Bench' });
  await run('MP3 items to MP3 (retag only)', mp3Items, { format: 'mp3', album: 'Bench' });
  await run('FLAC items to WAV', flacItems, { format: 'wav', album: 'Bench' });
  await library.close();
  await sharedWorker().close();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
