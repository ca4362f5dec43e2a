/**
 * A four-minute stereo song for the audio benches: the corpus's 30 s master (real recordings,
 * 44.1 kHz) looped with ffmpeg, as WAV, MP3 (lame V2) and FLAC, made once in `dir` (not in git).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureAudioCorpus } from '../../test/support/audio-corpus';

export interface FourMinutes {
  wav: string;
  mp3: string;
  flac: string;
}

export async function fourMinuteSong(dir: string): Promise<FourMinutes> {
  const corpus = await ensureAudioCorpus();
  mkdirSync(dir, { recursive: true });
  const out = {
    wav: join(dir, 'four-minutes.wav'),
    mp3: join(dir, 'four-minutes.mp3'),
    flac: join(dir, 'four-minutes.flac'),
  };
  if (existsSync(out.wav) && existsSync(out.mp3) && existsSync(out.flac)) return out;
  const master = join(corpus.dir, 'wav-pcm16.wav');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-stream_loop',
    '7',
    '-i',
    master,
    '-t',
    '240',
    out.wav,
  ]);
  execFileSync('lame', ['--quiet', '-V', '2', out.wav, out.mp3]);
  execFileSync('flac', ['--silent', '-f', out.wav, '-o', out.flac]);
  return out;
}
