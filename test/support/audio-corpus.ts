/**
 * Builds the test corpus of real recordings: Debian-packaged sounds (sound-theme-freedesktop's
 * Ogg Vorbis files, alsa-utils' WAVs) and variants made from them with ffmpeg, sox, lame, flac
 * and opusenc, one per case the media probe must read right. Built once into
 * node_modules/.cache/cadenza-audio-corpus (outside git) and reused while CORPUS_VERSION holds;
 * about 35 MB, under a minute on two cores.
 *
 *   const corpus = await ensureAudioCorpus();      // { dir, files: CorpusFile[] }
 *
 * Each file says which independent reference measures it: ffprobe's header reading, or (where a
 * header lies or is missing: truncation, VBR without Xing) a full ffmpeg decode.
 */
/* eslint-disable @typescript-eslint/no-unused-expressions -- sh`command line` runs a command */
import { execFileSync } from 'node:child_process';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CORPUS_VERSION = 5;

export interface CorpusFile {
  name: string;
  /** Absolute path. */
  path: string;
  /** What the probe should call it. */
  format: 'mp3' | 'wav' | 'flac' | 'm4a' | 'ogg' | 'opus';
  /** How the true length is known: ffprobe's reading, or counting a full decode's samples. */
  reference: 'ffprobe' | 'decode';
  /** A title tag written into it, when any. */
  title: string | null;
  /** Embedded cover art written into it. */
  art: boolean;
  /** Cut short: its header claims more than it holds. */
  truncated: boolean;
}

export interface AudioCorpus {
  dir: string;
  files: CorpusFile[];
}

const ROOT = resolve(__dirname, '../..');
export const CORPUS_DIR = join(ROOT, 'node_modules/.cache/cadenza-audio-corpus');
const FREEDESKTOP = '/usr/share/sounds/freedesktop/stereo';
const ALSA = '/usr/share/sounds/alsa';
const TOOLS = ['ffmpeg', 'ffprobe', 'sox', 'lame', 'flac', 'metaflac', 'opusenc', 'oggenc'];
const TITLE = 'Bells of Cadenza';

const run = (cmd: string, args: string[]): void => {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
};

/**
 * Runs a command written as one line: the literal text splits on spaces, each interpolated value
 * is one argument (joined to the text it touches, as in `--picture=${path}`).
 */
function sh(strings: TemplateStringsArray, ...values: string[]): void {
  const args: string[] = [];
  let glue = false;
  strings.forEach((text, i) => {
    const words = text.split(' ');
    words.forEach((w, j) => {
      if (j === 0 && glue) args[args.length - 1] += w;
      else if (w) args.push(w);
    });
    if (i < values.length) {
      const touching = text.length > 0 && !text.endsWith(' ');
      if (touching) args[args.length - 1] += values[i]!;
      else args.push(values[i]!);
      glue = !(strings[i + 1] ?? ' ').startsWith(' ');
    }
  });
  const [cmd, ...rest] = args;
  run(cmd!, rest);
}

function missingTools(): string[] {
  return TOOLS.filter((t) => {
    try {
      execFileSync('sh', ['-c', `command -v ${t}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

/** Splices a chunk of `bytes` bytes (id `id`) into a WAV right after its fmt chunk. */
function withChunkBeforeData(wav: Buffer, id: string, bytes: number): Buffer {
  let pos = 12;
  while (pos + 8 <= wav.length) {
    const cid = wav.toString('latin1', pos, pos + 4);
    const size = wav.readUInt32LE(pos + 4);
    if (cid === 'data') break;
    pos += 8 + size + (size % 2);
  }
  const chunk = Buffer.alloc(8 + bytes);
  chunk.write(id, 0, 'latin1');
  chunk.writeUInt32LE(bytes, 4);
  chunk.write('Cadenza test padding. '.repeat(Math.ceil(bytes / 22)).slice(0, bytes), 8);
  const out = Buffer.concat([wav.subarray(0, pos), chunk, wav.subarray(pos)]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/**
 * An MP3 whose first frame is a VBRI header (as Fraunhofer encoders write) in front of the frames
 * of a VBR stream without a Xing header: a silent frame of the stream's first frame's size with
 * "VBRI" and the frame count at the fixed offset.
 */
function withVbriHeader(noXing: Buffer): Buffer {
  let at = 0;
  if (noXing.toString('latin1', 0, 3) === 'ID3')
    at =
      10 +
      ((noXing[6]! << 21) | (noXing[7]! << 14) | (noXing[8]! << 7) | noXing[9]!) +
      (noXing[5]! & 0x10 ? 10 : 0);
  while (!(noXing[at] === 0xff && (noXing[at + 1]! & 0xe0) === 0xe0)) at++;
  // count frames (MPEG 1 Layer III at 44.1 kHz, as lame made it)
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  let frames = 0;
  for (let p = at; p + 4 <= noXing.length;) {
    if (noXing[p] !== 0xff) break;
    const size =
      Math.floor((144 * kbps[noXing[p + 2]! >> 4]! * 1000) / 44100) + ((noXing[p + 2]! >> 1) & 1);
    if (size <= 0) break;
    frames++;
    p += size;
  }
  // header frame: MPEG 1 Layer III, 128 kbit/s, 44.1 kHz, no padding, same channel mode
  const header = Buffer.from([0xff, 0xfb, 0x90, noXing[at + 3]!]);
  const frame = Buffer.alloc(417);
  header.copy(frame, 0);
  frame.write('VBRI', 36, 'latin1');
  frame.writeUInt16BE(1, 40); // version
  frame.writeUInt16BE(0, 42); // delay
  frame.writeUInt16BE(75, 44); // quality
  frame.writeUInt32BE(noXing.length - at + frame.length, 46); // bytes
  frame.writeUInt32BE(frames, 50); // frames
  return Buffer.concat([noXing.subarray(0, at), frame, noXing.subarray(at)]);
}

async function build(dir: string, finalDir: string): Promise<CorpusFile[]> {
  const tmp = join(dir, 'work');
  await fs.mkdir(tmp, { recursive: true });
  const p = (n: string): string => join(dir, n);
  const t = (n: string): string => join(tmp, n);
  const files: CorpusFile[] = [];
  const add = (
    name: string,
    format: CorpusFile['format'],
    more: Partial<Pick<CorpusFile, 'reference' | 'title' | 'art' | 'truncated'>> = {},
  ): void =>
    void files.push({
      name,
      path: join(finalDir, name),
      format,
      reference: 'ffprobe',
      title: null,
      art: false,
      truncated: false,
      ...more,
    });
  const T = TITLE;
  const A = 'Debian Sounds';

  // the master: every freedesktop sound in a row, 44.1 kHz stereo, trimmed to 30 s
  const sources = (await fs.readdir(FREEDESKTOP)).filter((n) => n.endsWith('.oga')).sort();
  const inputs = sources.flatMap((n) => ['-i', join(FREEDESKTOP, n)]);
  const chain = sources
    .map((_, i) => `[${i}]aformat=sample_fmts=s16:sample_rates=44100:channel_layouts=stereo[a${i}]`)
    .join(';');
  const joined = sources.map((_, i) => `[a${i}]`).join('');
  const concat = `${chain};${joined}concat=n=${sources.length}:v=0:a=1,atrim=0:30[out]`;
  run('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    concat,
    '-map',
    '[out]',
    '-c:a',
    'pcm_s16le',
    t('master.wav'),
  ]);
  const master = t('master.wav');
  const clip = t('clip.wav');
  sh`ffmpeg -v error -y -i ${master} -t 10 -c:a pcm_s16le ${clip}`;
  // cover art: a JPEG test pattern (padded into a large ID3v2 tag below) and a small PNG
  sh`ffmpeg -v error -y -f lavfi -i testsrc2=size=700x700 -frames:v 1 -q:v 2 ${t('art.jpg')}`;
  sh`ffmpeg -v error -y -f lavfi -i testsrc2=size=300x300 -frames:v 1 ${t('art-small.png')}`;

  // --- WAV: 8 to 32 bit, float, extensible, chunks before data, truncated, exactly 10 minutes ---
  await fs.copyFile(master, p('wav-pcm16.wav'));
  add('wav-pcm16.wav', 'wav');
  sh`ffmpeg -v error -y -i ${clip} -ac 1 -ar 22050 -c:a pcm_u8 ${p('wav-u8-mono.wav')}`;
  add('wav-u8-mono.wav', 'wav');
  sh`sox ${clip} -b 24 ${p('wav-s24-extensible.wav')}`;
  add('wav-s24-extensible.wav', 'wav');
  sh`ffmpeg -v error -y -i ${clip} -c:a pcm_s32le ${p('wav-s32.wav')}`;
  add('wav-s32.wav', 'wav');
  sh`ffmpeg -v error -y -i ${clip} -c:a pcm_f32le ${p('wav-float.wav')}`;
  add('wav-float.wav', 'wav');
  const chunky = withChunkBeforeData(await fs.readFile(clip), 'JUNK', 20_000);
  await fs.writeFile(p('wav-chunks-before-data.wav'), chunky);
  add('wav-chunks-before-data.wav', 'wav');
  const whole = await fs.readFile(master);
  await fs.writeFile(p('wav-truncated.wav'), whole.subarray(0, Math.floor(whole.length * 0.55)));
  add('wav-truncated.wav', 'wav', { reference: 'decode', truncated: true });
  await fs.copyFile(join(ALSA, 'Front_Center.wav'), p('alsa-front-center.wav'));
  add('alsa-front-center.wav', 'wav');
  sh`ffmpeg -v error -y -stream_loop -1 -i ${master} -t 600 -ac 1 -ar 8000 -c:a pcm_u8 ${p('ten-minutes.wav')}`;
  add('ten-minutes.wav', 'wav');

  // --- MP3: CBR, VBR with Xing, without, with VBRI, ID3v1, large ID3v2 with art, truncated ---
  sh`lame --quiet -b 128 --tt ${T} --ta ${A} --tg Ambient ${master} ${p('mp3-cbr128.mp3')}`;
  add('mp3-cbr128.mp3', 'mp3', { title: T });
  sh`lame --quiet -V 4 --tt ${T} --ta ${A} ${master} ${p('mp3-vbr-xing.mp3')}`;
  add('mp3-vbr-xing.mp3', 'mp3', { title: T });
  sh`lame --quiet -V 4 -t --id3v2-only --tt ${T} ${master} ${t('noxing.mp3')}`;
  await fs.copyFile(t('noxing.mp3'), p('mp3-vbr-no-xing.mp3'));
  add('mp3-vbr-no-xing.mp3', 'mp3', { reference: 'decode', title: T });
  await fs.writeFile(p('mp3-vbri.mp3'), withVbriHeader(await fs.readFile(t('noxing.mp3'))));
  add('mp3-vbri.mp3', 'mp3', { title: T });
  sh`lame --quiet -b 96 --id3v1-only --tt ${T} ${master} ${p('mp3-id3v1.mp3')}`;
  add('mp3-id3v1.mp3', 'mp3', { title: T });
  sh`lame --quiet -b 160 --ti ${t('art.jpg')} --pad-id3v2-size 40000 --tt ${T} ${master} ${p('mp3-id3v2-art.mp3')}`;
  add('mp3-id3v2-art.mp3', 'mp3', { title: T, art: true });
  const vbr = await fs.readFile(p('mp3-vbr-xing.mp3'));
  await fs.writeFile(p('mp3-truncated.mp3'), vbr.subarray(0, Math.floor(vbr.length * 0.55)));
  add('mp3-truncated.mp3', 'mp3', { reference: 'decode', title: T, truncated: true });
  sh`lame --quiet -m m --resample 22.05 -b 48 ${clip} ${p('mp3-mpeg2-mono.mp3')}`;
  add('mp3-mpeg2-mono.mp3', 'mp3');
  // three 440 Hz sines at 0.05, 0.2 and 0.9 of full scale, 2 s each (the waveform's loudness check)
  for (const [i, vol] of ['0.05', '0.2', '0.9'].entries())
    sh`sox -n -r 44100 -c 2 -b 16 ${t(`s${i}.wav`)} synth 2 sine 440 vol ${vol}`;
  sh`sox ${t('s0.wav')} ${t('s1.wav')} ${t('s2.wav')} ${t('sines.wav')}`;
  sh`lame --quiet -b 128 ${t('sines.wav')} ${p('mp3-sines.mp3')}`;
  add('mp3-sines.mp3', 'mp3');

  // --- FLAC: 16 bit with tags, 24 bit 48 kHz with a picture ---
  sh`flac --silent -f -T TITLE=${T} -T ARTIST=${A} ${master} -o ${p('flac-16.flac')}`;
  add('flac-16.flac', 'flac', { title: T });
  sh`sox ${clip} -b 24 -r 48000 ${t('clip24.wav')}`;
  sh`flac --silent -f --picture=${t('art-small.png')} -T TITLE=${T} ${t('clip24.wav')} -o ${p('flac-24-art.flac')}`;
  add('flac-24-art.flac', 'flac', { title: T, art: true });

  // --- M4A (AAC): moov first, and moov last with cover art ---
  sh`ffmpeg -v error -y -i ${master} -c:a aac -b:a 128k -metadata title=${T} -movflags +faststart ${p('m4a-moov-first.m4a')}`;
  add('m4a-moov-first.m4a', 'm4a', { title: T });
  sh`ffmpeg -v error -y -i ${master} -i ${t('art.jpg')} -map 0:a -map 1:v -c:a aac -b:a 96k -c:v copy -disposition:v attached_pic -metadata title=${T} ${p('m4a-moov-last.m4a')}`;
  add('m4a-moov-last.m4a', 'm4a', { title: T, art: true });

  // --- Ogg Vorbis (.ogg, and the packaged .oga as it is) and Opus ---
  sh`oggenc --quiet -q 4 -t ${T} -a ${A} ${master} -o ${p('vorbis.ogg')}`;
  add('vorbis.ogg', 'ogg', { title: T });
  await fs.copyFile(join(FREEDESKTOP, 'alarm-clock-elapsed.oga'), p('freedesktop-alarm.oga'));
  add('freedesktop-alarm.oga', 'ogg');
  sh`opusenc --quiet --title ${T} --artist ${A} --picture ${t('art-small.png')} ${master} ${p('opus.opus')}`;
  add('opus.opus', 'opus', { title: T, art: true });
  sh`ffmpeg -v error -y -i ${clip} -ac 1 -c:a libopus -b:a 32k ${p('opus-mono.opus')}`;
  add('opus-mono.opus', 'opus');

  await fs.rm(tmp, { recursive: true, force: true });
  return files;
}

let building: Promise<AudioCorpus> | undefined;

/** The corpus, built on first use (needs the apt packages scripts/setup.sh installs). */
export function ensureAudioCorpus(dir = CORPUS_DIR): Promise<AudioCorpus> {
  building ??= (async () => {
    const manifest = join(dir, 'manifest.json');
    if (existsSync(manifest)) {
      const saved = JSON.parse(readFileSync(manifest, 'utf8')) as {
        version: number;
        files: CorpusFile[];
      };
      if (saved.version === CORPUS_VERSION && saved.files.every((f) => existsSync(f.path)))
        return { dir, files: saved.files };
    }
    const missing = missingTools();
    if (missing.length > 0)
      throw new Error(`The audio corpus needs ${missing.join(', ')} (run scripts/setup.sh).`);
    // built aside and renamed into place, so test processes starting together never see half of it
    const work = `${dir}.${process.pid}.tmp`;
    await fs.rm(work, { recursive: true, force: true });
    await fs.mkdir(work, { recursive: true });
    const files = await build(work, dir);
    await fs.writeFile(
      join(work, 'manifest.json'),
      JSON.stringify({ version: CORPUS_VERSION, files }, null, 2),
    );
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(work, dir).catch(async (e: NodeJS.ErrnoException) => {
      // another process finished first: theirs is as good
      if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
      await fs.rm(work, { recursive: true, force: true });
    });
    return { dir, files };
  })();
  return building;
}
