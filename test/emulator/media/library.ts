import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorState } from '../state';
import { mp3DurationMs, mp3Silence } from './mp3';
import { pngImage } from './png';
import { songMp3 } from './song-audio';
import { bigSource, bufferSource, serveSource, type ByteSource } from './source';
import { wavTone } from './wav';

/** Voice samples are 3 s. */
export const SAMPLE_DURATION_MS = 3000;
/** Caps on generated media, so a typo cannot ask for terabytes. */
export const MAX_TONE_S = 4 * 60 * 60;
export const MAX_BIG_BYTES = 8 * 1024 * 1024 * 1024;

export interface MediaDeps {
  state: EmulatorState;
  mp4: Buffer;
}

function hueOf(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) & 0xff;
  return h;
}

function positive(value: string | null, max: number): number | undefined {
  if (value === null) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 && n <= max ? n : undefined;
}

/**
 * The media origin's files:
 *   /media/song/<id>.mp3 (silent, or a melody with songAudio 'tones')  /media/cover/<id>.mp3  /media/tts/<id>.wav  /media/sample/<speaker>.wav
 *   /media/image/<id>.png  /media/avatar/<speaker>.png  /media/video/<id>.mp4
 *   /media/tone.mp3?seconds=N  /media/tone.wav?seconds=N  /media/big?bytes=N  /media/photo.png
 */
export function resolveMedia(deps: MediaDeps, url: URL): ByteSource | undefined {
  const { state } = deps;
  const path = url.pathname;
  let m: RegExpExecArray | null;
  if ((m = /^\/media\/song\/([\w-]+)\.mp3$/.exec(path))) {
    const song = state.songs.get(m[1] ?? '');
    return song && state.songState(song) === 'complete' ? mp3Silence(song.durationMs) : undefined;
  }
  if ((m = /^\/media\/cover\/([\w-]+)\.mp3$/.exec(path))) {
    const ms = state.coverAudio.get(m[1] ?? '');
    return ms === undefined ? undefined : mp3Silence(ms);
  }
  if ((m = /^\/media\/tts\/([\w-]+)\.wav$/.exec(path))) {
    const ms = state.ttsAudio.get(m[1] ?? '');
    return ms === undefined ? undefined : wavTone(ms);
  }
  if (/^\/media\/sample\/[\w-]+\.wav$/.test(path)) return wavTone(SAMPLE_DURATION_MS);
  if ((m = /^\/media\/(?:image|avatar)\/([\w-]+)\.png$/.exec(path))) {
    return bufferSource(pngImage(64, 64, hueOf(m[1] ?? '')), 'image/png');
  }
  if (path === '/media/photo.png') return bufferSource(pngImage(256, 256, 40), 'image/png');
  if (/^\/media\/video\/[\w-]+\.mp4$/.test(path)) return bufferSource(deps.mp4, 'video/mp4');
  if (path === '/media/tone.mp3' || path === '/media/tone.wav') {
    const seconds = positive(url.searchParams.get('seconds') ?? '10', MAX_TONE_S);
    if (seconds === undefined) return undefined;
    return path.endsWith('.mp3') ? mp3Silence(seconds * 1000) : wavTone(seconds * 1000);
  }
  if (path === '/media/big') {
    const bytes = positive(url.searchParams.get('bytes') ?? String(1024 * 1024), MAX_BIG_BYTES);
    return bytes === undefined ? undefined : bigSource(Math.floor(bytes));
  }
  return undefined;
}

export function serveMedia(
  deps: MediaDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-length': '0' });
    res.end();
    return;
  }
  const song = /^\/media\/song\/([\w-]+)\.mp3$/.exec(url.pathname);
  const record = song ? deps.state.songs.get(song[1] ?? '') : undefined;
  if (
    record &&
    deps.state.config.songAudio === 'tones' &&
    deps.state.songState(record) === 'complete'
  ) {
    songMp3(deps.state, record).then(
      (bytes) => serveSource(req, res, bufferSource(bytes, 'audio/mpeg')),
      () => res.destroy(),
    );
    return;
  }
  const source = resolveMedia(deps, url);
  if (!source) {
    res.writeHead(404, { 'content-type': 'text/plain', 'content-length': '9' });
    res.end('Not Found');
    return;
  }
  serveSource(req, res, source);
}

/**
 * What the emulator knows about a URL that points at its own media origin (used for the business
 * checks of singing videos and singer training); undefined for any other URL.
 */
export function ownMediaInfo(
  state: EmulatorState,
  raw: string,
): { durationS?: number; sizeBytes?: number } | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!state.mediaUrl || url.origin !== new URL(state.mediaUrl).origin) return undefined;
  const path = url.pathname;
  if (path === '/media/tone.mp3' || path === '/media/tone.wav') {
    const seconds = Number(url.searchParams.get('seconds') ?? '10');
    return { durationS: path.endsWith('.mp3') ? mp3DurationMs(seconds * 1000) / 1000 : seconds };
  }
  if (path === '/media/big')
    return { sizeBytes: Number(url.searchParams.get('bytes') ?? 1024 * 1024) };
  const song = /^\/media\/song\/([\w-]+)\.mp3$/.exec(path);
  if (song) {
    const s = state.songs.get(song[1] ?? '');
    return s ? { durationS: s.durationMs / 1000 } : undefined;
  }
  const tts = /^\/media\/tts\/([\w-]+)\.wav$/.exec(path);
  if (tts) {
    const ms = state.ttsAudio.get(tts[1] ?? '');
    return ms === undefined ? undefined : { durationS: ms / 1000 };
  }
  if (/^\/media\/sample\//.test(path)) return { durationS: SAMPLE_DURATION_MS / 1000 };
  return undefined;
}
