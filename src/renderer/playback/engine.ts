/**
 * What plays a media URL: howler for audio (html5 mode, so the `cadenza-media:` protocol streams
 * it with Range requests instead of downloading it whole) and a `<video>` element for videos,
 * which the video viewer mounts. The player store only talks to this interface, so component
 * tests (jsdom has no media playback) install their own engine factory.
 *
 * howler (35 KB) is not in the first screen's script: it loads on the first play, or when the
 * window has been idle a moment after start (`preloadPlayback`), whichever comes first; calls made
 * before it arrives (play, seek, volume) are applied when it does.
 */
import type * as HowlerModule from 'howler';
import type { Howl } from 'howler';
import { t } from '../i18n';

export interface EngineEvents {
  /** Metadata is known: the duration in seconds. */
  onLoad(durationS: number): void;
  onPlay(): void;
  onPause(): void;
  onEnd(): void;
  onError(message: string): void;
}

export interface PlaybackEngine {
  play(): void;
  pause(): void;
  /** Current position in seconds. */
  position(): number;
  seek(positionS: number): void;
  setVolume(volume: number): void;
  /** Stops and releases the media. */
  unload(): void;
  /** The element a viewer shows (videos only). */
  readonly element?: HTMLVideoElement;
}

export interface EngineSource {
  url: string;
  /** Lower-case extension without the dot ("mp3"), so howler knows the codec. */
  format: string;
  video: boolean;
  volume: number;
}

export type EngineFactory = (source: EngineSource, events: EngineEvents) => PlaybackEngine;

/** Said when the file cannot be played (in the language of the moment it fails). */
const mediaErrorMessage = (): string => t('player:error.unplayable');

let howler: Promise<typeof HowlerModule> | null = null;
const loadHowler = (): Promise<typeof HowlerModule> => (howler ??= import('howler'));

/** Fetches the audio engine ahead of the first play, once the window is idle. */
export function preloadPlayback(): void {
  const load = () => void loadHowler().catch(() => (howler = null));
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

function howlEngine(source: EngineSource, events: EngineEvents): PlaybackEngine {
  let howl: Howl | null = null;
  let released = false;
  let volume = source.volume;
  let startAt: number | null = null;
  let playing = false;
  loadHowler().then(
    ({ Howl }) => {
      if (released) return;
      const h: Howl = new Howl({
        src: [source.url],
        format: [source.format],
        html5: true,
        preload: 'metadata',
        volume,
        onload: () => events.onLoad(h.duration()),
        onplay: () => events.onPlay(),
        onpause: () => events.onPause(),
        onstop: () => events.onPause(),
        onend: () => events.onEnd(),
        onloaderror: () => events.onError(mediaErrorMessage()),
        onplayerror: () => events.onError(mediaErrorMessage()),
      });
      howl = h;
      if (startAt !== null) h.seek(startAt);
      if (playing) h.play();
    },
    () => {
      howler = null; // try again on the next play
      if (!released) events.onError(mediaErrorMessage());
    },
  );
  return {
    play: () => {
      playing = true;
      howl?.play();
    },
    pause: () => {
      playing = false;
      howl?.pause();
    },
    position: () => {
      if (!howl) return startAt ?? 0;
      const at = howl.seek();
      return typeof at === 'number' ? at : 0;
    },
    seek: (s) => {
      if (howl) howl.seek(s);
      else startAt = s;
    },
    setVolume: (v) => {
      volume = v;
      howl?.volume(v);
    },
    unload: () => {
      released = true;
      howl?.unload();
      howl = null;
    },
  };
}

function videoEngine(source: EngineSource, events: EngineEvents): PlaybackEngine {
  const video = document.createElement('video');
  video.preload = 'metadata';
  video.volume = source.volume;
  video.className = 'video-viewer-media';
  video.addEventListener('loadedmetadata', () =>
    events.onLoad(Number.isFinite(video.duration) ? video.duration : 0),
  );
  video.addEventListener('play', () => events.onPlay());
  video.addEventListener('pause', () => events.onPause());
  video.addEventListener('ended', () => events.onEnd());
  video.addEventListener('error', () => events.onError(mediaErrorMessage()));
  video.src = source.url;
  return {
    element: video,
    play: () => void video.play().catch(() => undefined),
    pause: () => video.pause(),
    position: () => video.currentTime,
    seek: (s) => {
      video.currentTime = s;
    },
    setVolume: (v) => {
      video.volume = v;
    },
    unload: () => {
      video.pause();
      video.removeAttribute('src');
      video.load();
      video.remove();
    },
  };
}

export const defaultEngineFactory: EngineFactory = (source, events) =>
  source.video ? videoEngine(source, events) : howlEngine(source, events);

let factory: EngineFactory = defaultEngineFactory;

/** Replaces how media is played (tests); `undefined` returns to howler and `<video>`. */
export function installEngineFactory(next: EngineFactory | undefined): void {
  factory = next ?? defaultEngineFactory;
}

export const createEngine: EngineFactory = (source, events) => factory(source, events);
