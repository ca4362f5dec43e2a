/**
 * Songs for the audio benches: the corpus's 30 s master (real recordings, stereo 44.1 kHz) looped
 * with ffmpeg to any length, as WAV, MP3 and FLAC, made once in `dir` (not in git).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAudioCorpus } from '../../test/support/audio-corpus';

export interface BenchSong {
  wav: string;
  mp3: string;
  flac: string;
}

/** `<name>.wav/.mp3/.flac` of `seconds`; `mp3` are lame's quality flags (default VBR V2). */
export async function loopedSong(
  dir: string,
  name: string,
  seconds: number,
  mp3: readonly string[] = ['-V', '2'],
): Promise<BenchSong> {
  const corpus = await ensureAudioCorpus();
  mkdirSync(dir, { recursive: true });
  const out = {
    wav: join(dir, `${name}.wav`),
    mp3: join(dir, `${name}.mp3`),
    flac: join(dir, `${name}.flac`),
  };
  if (existsSync(out.wav) && existsSync(out.mp3) && existsSync(out.flac)) return out;
  const master = join(corpus.dir, 'wav-pcm16.wav');
  const loop = ['-stream_loop', '-1', '-i', master, '-t', String(seconds)];
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...loop, out.wav]);
  execFileSync('lame', ['--quiet', ...mp3, out.wav, out.mp3]);
  execFileSync('flac', ['--silent', '-f', out.wav, '-o', out.flac]);
  return out;
}

/** A four-minute song (the loudness and media benches). */
export const fourMinuteSong = (dir: string): Promise<BenchSong> =>
  loopedSong(dir, 'four-minutes', 240);
