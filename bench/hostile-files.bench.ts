/**
 * Hostile files (issue 26, point 1): peak memory and time of each operation on a file someone
 * else placed, each in its own process (peak RSS from /proc/<pid>/status VmHWM, sampled every
 * 50 ms; the process is stopped above 3 GB, as a machine with a 3 GB limit would). The files are
 * generated in bench/.data:
 * - a 41 KB FLAC of one hour of silence (65,535-sample frames of CONSTANT subframes);
 * - a 10 s FLAC whose STREAMINFO claims 2^36 − 1 samples;
 * - an MP3 whose ID3v2 tag holds a 200 MB picture;
 * - a 60-minute stereo FLAC of a tone (made with ffmpeg, about 20 MB): a genuinely long file;
 * - a 160 MB MP3 (frames only), exported as MP3: a merged retag, its frames copied, not decoded.
 * Trims take the last five minutes (the whole file decoded up to there) to WAV; exports convert
 * the whole file; "whole song" stitches the file with itself continued at its middle (90 min of MP3).
 * Set HOSTILE_QUICK=1 to leave out the MP3 encodes (lamejs runs about 20× real time).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mp3Frame } from '../test/support/media-fixtures';
import { pictureMp3 } from '../test/support/picture-mp3';
import { runWithPeak } from '../test/support/peak-rss';
import { silentFlac } from '../test/support/silent-flac';

const CAP_BYTES = 3 * 1024 ** 3;
const dir = resolve(__dirname, '.data', 'hostile');

async function main(): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const hour = join(dir, 'silent-hour.flac');
  writeFileSync(hour, silentFlac(3600));
  const liar = join(dir, 'claims-2^36.flac');
  writeFileSync(liar, silentFlac(10, { claimedSamples: 2 ** 36 - 1 }));
  const art = join(dir, 'picture-200MB.mp3');
  writeFileSync(art, pictureMp3(200 * 1024 * 1024));
  const long = join(dir, 'tone-60-minutes.flac');
  if (!existsSync(long))
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=3600'],
      ...['-ac', '2', '-ar', '44100', '-c:a', 'flac', long],
    ]);
  const bigMp3 = join(dir, 'frames-160MB.mp3');
  if (!existsSync(bigMp3)) {
    const mib = Buffer.concat(Array.from({ length: 10_922 }, () => mp3Frame()));
    const fd = openSync(bigMp3, 'w');
    for (let i = 0; i < 160; i++) writeSync(fd, mib);
    closeSync(fd);
  }
  const quick = process.env.HOSTILE_QUICK === '1';
  const cases: Array<[string, string, string]> = [
    ['bare process (modules loaded)', 'none', hour],
    ['loudness (start-up pass, library loudness)', 'loudness', hour],
    ['whole decode (audio.decode)', 'decode', hour],
    ['whole decode, header claims 2^36-1 samples', 'decode', liar],
    ['silent hour: trim, last 5 min to WAV', 'trim', hour],
    ['silent hour: export --format wav', 'export-wav', hour],
    ['silent hour: export --format flac', 'export-flac', hour],
    ['60-min FLAC: trim, last 5 min to WAV', 'trim', long],
    ['60-min FLAC: export --format wav', 'export-wav', long],
    ['60-min FLAC: export --format flac', 'export-flac', long],
    ...(quick
      ? []
      : ([
          ['60-min FLAC: export --format mp3', 'export-mp3', long],
          ['silent hour: whole song (1.5 h MP3)', 'whole', hour],
        ] as Array<[string, string, string]>)),
    ['160 MB MP3: export --format mp3 (retag)', 'export-mp3', bigMp3],
    ['art probe (cadenza-media://art/)', 'art', art],
    ['probe (found files)', 'probe', art],
  ];
  for (const [label, op, path] of cases) {
    const r = await runWithPeak(op, path, CAP_BYTES);
    const out = r.killed ? 'killed over 3 GB' : JSON.stringify(r.result);
    console.log(
      `${label.padEnd(44)} peak RSS ${(r.peakBytes / 1024 ** 2).toFixed(0).padStart(5)} MB  ` +
        `${(r.ms / 1000).toFixed(1).padStart(6)} s  → ${out}`,
    );
  }
}

void main();
