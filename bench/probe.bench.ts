/**
 * A big folder of other people's files, listed: the header-first probe against a plain
 * music-metadata loop (parseFile with durations, as a player's library would) and the old
 * full-scan path (every MP3 frame counted over the whole file), then the library's first listing
 * (probe cache empty) and its second (a fresh process's cache read from the data folder, as the
 * CLI's next `library list` reads it). BENCH_PROBE_FILES (default 120) files of 3–6 minutes:
 * MP3 CBR, MP3 VBR with a Xing header, MP3 VBR without one, FLAC, Ogg Vorbis, Opus, WAV — made
 * once with ffmpeg/lame into bench/.data/probe-folder (git-ignored). The files were just written
 * or read, so they are in the OS cache: the figures are CPU and syscalls, not disk.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseFile } from 'music-metadata';
import { probeFile } from '../src/main/services/audio/probe';
import { countFramesIn } from '../src/main/services/audio/probe/mpeg';
import { openRegular } from '../src/main/services/ground/regular-file';
import { scanLibrary } from '../src/main/services/library/indexer';
import { ProbeCache } from '../src/main/services/library/probe-cache';

const COUNT = Number(process.env.BENCH_PROBE_FILES ?? 120);
const base = resolve(__dirname, '.data', 'probe-folder');
const dir = join(base, `Music-${COUNT}`);
const cacheFile = join(base, 'data', 'probe-cache.json');

const KINDS: Array<{ name: string; args: string[] }> = [
  { name: 'cbr.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '192k'] },
  { name: 'vbr-xing.mp3', args: ['-c:a', 'libmp3lame', '-q:a', '2'] },
  { name: 'vbr-no-xing.mp3', args: ['-c:a', 'libmp3lame', '-q:a', '2', '-write_xing', '0'] },
  { name: 'lossless.flac', args: ['-c:a', 'flac'] },
  { name: 'vorbis.ogg', args: ['-c:a', 'libvorbis', '-q:a', '5'] },
  { name: 'voice.opus', args: ['-c:a', 'libopus', '-b:a', '96k'] },
  { name: 'pcm.wav', args: ['-c:a', 'pcm_s16le'] },
];

async function generate(): Promise<void> {
  if (existsSync(join(dir, 'done'))) return;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const masters = join(base, 'masters');
  await mkdir(masters, { recursive: true });
  for (const [i, k] of KINDS.entries()) {
    const out = join(masters, k.name);
    if (existsSync(out)) continue;
    const seconds = 180 + i * 30;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${220 + i * 55}:duration=${seconds},aformat=channel_layouts=stereo`,
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=d=${seconds}:a=0.05`,
      '-filter_complex',
      'amix=inputs=2',
      '-metadata',
      `title=Found ${k.name}`,
      '-metadata',
      'genre=Ambient',
      ...k.args,
      out,
    ]);
  }
  for (let n = 0; n < COUNT; n++) {
    const k = KINDS[n % KINDS.length]!;
    await copyFile(join(masters, k.name), join(dir, `${String(n).padStart(5, '0')}-${k.name}`));
  }
  await writeFile(join(dir, 'done'), '');
}

async function oldFullScan(path: string): Promise<number | null> {
  const p = await probeFile(path, { tagsOnly: true });
  if (p?.format !== 'mp3') return p?.durationMs ?? null;
  const opened = await openRegular(path);
  try {
    const read = async (into: Buffer, position: number) =>
      (await opened.handle.read(into, 0, into.length, position)).bytesRead;
    const c = await countFramesIn(read, opened.stat.size);
    return c ? (c.audioFrames * c.first.samplesPerFrame * 1000) / c.first.sampleRate : null;
  } finally {
    await opened.handle.close();
  }
}

async function timed(label: string, fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  const ms = performance.now() - t;
  console.log(`${label.padEnd(64)} ${ms.toFixed(0).padStart(7)} ms`);
  return ms;
}

async function main(): Promise<void> {
  await generate();
  const files = (await readdir(dir)).filter((f) => f !== 'done').map((f) => join(dir, f));
  let bytes = 0;
  for (const f of files) bytes += (await stat(f)).size;
  // warm the OS cache once: every side reads from memory
  for (const f of files) await parseFile(f, { duration: false, skipCovers: true });
  console.log(
    `${files.length} files, ${(bytes / 2 ** 20).toFixed(0)} MB (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)})`,
  );
  const mm = await timed('music-metadata parseFile loop (duration: true)', async () => {
    for (const f of files) await parseFile(f, { duration: true, skipCovers: true });
  });
  const old = await timed('old probe path (every MP3 frame counted over the file)', async () => {
    for (const f of files) await oldFullScan(f);
  });
  const now = await timed('header-first probe (probeFile, one at a time)', async () => {
    for (const f of files) await probeFile(f, { art: true });
  });
  await rm(cacheFile, { force: true });
  const first = await timed('library first listing (scan, probe cache empty)', async () => {
    const cache = new ProbeCache(cacheFile);
    await scanLibrary(dir, new Map(), { probeCache: cache });
    await cache.save();
  });
  const second = await timed(
    'library second listing (a new process: cache from disk)',
    async () => {
      const cache = new ProbeCache(cacheFile);
      await scanLibrary(dir, new Map(), { probeCache: cache });
      if (cache.stats.misses > 0) throw new Error(`${cache.stats.misses} files probed again`);
    },
  );
  // how far the estimates are from the full count, for the MP3 without a Xing header
  const noXing = files.find((f) => f.endsWith('vbr-no-xing.mp3'))!;
  const est = await probeFile(noXing);
  const exact = await oldFullScan(noXing);
  console.log(
    `VBR MP3 without a header: estimate ${est?.durationMs} ms (estimated: ${est?.estimated === true}) vs frames counted ${Math.round(exact ?? 0)} ms`,
  );
  const x = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  console.log(
    `speed-up: probe vs music-metadata ${x(mm, now)}, vs old path ${x(old, now)}; first listing vs old path ${x(old, first)}; second listing vs first ${x(first, second)}   (targets: first ≥ 3× faster than before, second ≥ 10× faster than first)`,
  );
}

void main();
