/**
 * A big folder of other people's music for the probe bench (issue 30, point 3): BENCH_PROBE_FILES
 * (default 3,000) files in Artist/Album folders, mixed as a real collection is — mostly MP3 (CBR
 * with cover art and lyrics, VBR with a Xing header, VBR without one), then M4A/AAC (with cover),
 * Ogg Vorbis, Opus, FLAC (with cover) and a few WAV — of 30 s to a bit over 3 min. The audio is
 * the Debian sounds on this machine (/usr/share/sounds: alsa's voices, freedesktop's bells),
 * joined and looped, encoded once per kind and length with ffmpeg into 32 masters, then copied
 * (real copies, not links) under the folder. Kept in bench/.data (git-ignored); made once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Kind {
  name: string;
  ext: string;
  /** Files of this kind in every 100. */
  per100: number;
  args: string[];
  /** Cover art embedded (a 600×600 JPEG). */
  art?: boolean;
  /** Unsynchronised lyrics in the tags. */
  lyrics?: boolean;
}

export const KINDS: readonly Kind[] = [
  {
    name: 'mp3-cbr',
    ext: 'mp3',
    per100: 33,
    art: true,
    lyrics: true,
    args: ['-c:a', 'libmp3lame', '-b:a', '160k', '-id3v2_version', '3'],
  },
  {
    name: 'mp3-vbr-xing',
    ext: 'mp3',
    per100: 22,
    args: ['-c:a', 'libmp3lame', '-q:a', '4', '-id3v2_version', '3'],
  },
  {
    name: 'mp3-vbr-no-xing',
    ext: 'mp3',
    per100: 5,
    args: ['-c:a', 'libmp3lame', '-q:a', '4', '-write_xing', '0', '-id3v2_version', '3'],
  },
  { name: 'aac', ext: 'm4a', per100: 15, art: true, args: ['-c:a', 'aac', '-b:a', '128k'] },
  {
    name: 'vorbis',
    ext: 'ogg',
    per100: 10,
    lyrics: true,
    args: ['-c:a', 'libvorbis', '-q:a', '4'],
  },
  { name: 'opus', ext: 'opus', per100: 10, args: ['-c:a', 'libopus', '-b:a', '96k'] },
  { name: 'flac', ext: 'flac', per100: 4, art: true, lyrics: true, args: ['-c:a', 'flac'] },
  { name: 'pcm', ext: 'wav', per100: 1, args: ['-c:a', 'pcm_s16le'] },
];
/** Lengths in seconds: each kind is encoded at each. */
export const LENGTHS = [30, 70, 120, 190] as const;

const SOUNDS = ['/usr/share/sounds/alsa', '/usr/share/sounds/freedesktop/stereo'];

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The Debian sounds joined into one stereo 44.1 kHz WAV (about 45 s). */
function source(masters: string): string {
  const out = join(masters, 'debian-sounds.wav');
  if (existsSync(out)) return out;
  const files = SOUNDS.flatMap((d) =>
    existsSync(d)
      ? readdirSync(d)
          .filter((f) => /\.(wav|oga|ogg)$/.test(f))
          .sort()
          .map((f) => join(d, f))
      : [],
  );
  if (files.length === 0)
    throw new Error(
      'no Debian sounds under /usr/share/sounds (apt-get install alsa-utils sound-theme-freedesktop)',
    );
  const inputs = files.flatMap((f) => ['-i', f]);
  const norm = files
    .map((_, i) => `[${i}:a]aresample=44100,aformat=sample_fmts=s16:channel_layouts=stereo[a${i}]`)
    .join(';');
  const joined = `${files.map((_, i) => `[a${i}]`).join('')}concat=n=${files.length}:v=0:a=1[out]`;
  ffmpeg([...inputs, '-filter_complex', `${norm};${joined}`, '-map', '[out]', out]);
  return out;
}

const LYRICS = Array.from(
  { length: 24 },
  (_, i) => `Line ${i + 1}: front left, front right, the bell rings once again`,
).join('\n');

function master(masters: string, src: string, cover: string, kind: Kind, seconds: number): string {
  const out = join(masters, `${kind.name}-${seconds}.${kind.ext}`);
  if (existsSync(out)) return out;
  const tmp = join(masters, `.tmp-${kind.name}-${seconds}.${kind.ext}`);
  const art = kind.art
    ? [
        '-i',
        cover,
        '-map',
        '0:a',
        '-map',
        '1:v',
        '-c:v',
        'copy',
        '-disposition:v',
        'attached_pic',
        '-metadata:s:v',
        'comment=Cover (front)',
      ]
    : ['-map', '0:a'];
  ffmpeg([
    '-stream_loop',
    '-1',
    '-i',
    src,
    ...art,
    '-t',
    String(seconds),
    '-metadata',
    `title=${kind.name} ${seconds}s`,
    '-metadata',
    'artist=Debian Sounds',
    '-metadata',
    'album=Front Left',
    '-metadata',
    'genre=Ambient',
    '-metadata',
    'date=2024',
    ...(kind.lyrics ? ['-metadata', `lyrics=${LYRICS}`] : []),
    ...kind.args,
    '-f',
    kind.ext === 'm4a' ? 'ipod' : kind.ext === 'opus' ? 'ogg' : kind.ext,
    tmp,
  ]);
  execFileSync('mv', [tmp, out]);
  return out;
}

export interface Folder {
  dir: string;
  files: string[];
  bytes: number;
  /** Files per kind name. */
  kinds: Record<string, number>;
}

/** Makes (once) and returns the folder of `count` files under `base`. */
export async function probeFolder(base: string, count: number): Promise<Folder> {
  const dir = join(base, `Music-${count}`);
  const masters = join(base, 'masters');
  const manifest = join(dir, '.done.json');
  if (existsSync(manifest)) {
    return JSON.parse(await readFile(manifest, 'utf8')) as Folder;
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(masters, { recursive: true });
  const src = source(masters);
  const cover = join(masters, 'cover.jpg');
  if (!existsSync(cover))
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=600x600', '-frames:v', '1', '-q:v', '3', cover]);
  const made = new Map<string, string>();
  for (const kind of KINDS)
    for (const s of LENGTHS) made.set(`${kind.name}-${s}`, master(masters, src, cover, kind, s));
  const pattern = KINDS.flatMap((k) => Array.from({ length: k.per100 }, () => k));
  const files: string[] = [];
  const kinds: Record<string, number> = {};
  let bytes = 0;
  for (let n = 0; n < count; n++) {
    const kind = pattern[(n * 37) % pattern.length]!; // spread the kinds over the folders
    const seconds = LENGTHS[(n * 7 + Math.floor(n / 13)) % LENGTHS.length]!;
    const album = Math.floor(n / 12);
    const folder = join(
      dir,
      `Artist ${String(Math.floor(album / 10)).padStart(3, '0')}`,
      `Album ${String(album).padStart(4, '0')}`,
    );
    await mkdir(folder, { recursive: true });
    const to = join(
      folder,
      `${String((n % 12) + 1).padStart(2, '0')} Track ${n} (${kind.name}).${kind.ext}`,
    );
    await copyFile(made.get(`${kind.name}-${seconds}`)!, to);
    files.push(to);
    kinds[kind.name] = (kinds[kind.name] ?? 0) + 1;
    bytes += (await stat(to)).size;
  }
  const folder: Folder = { dir, files, bytes, kinds };
  await writeFile(manifest, JSON.stringify(folder));
  return folder;
}
