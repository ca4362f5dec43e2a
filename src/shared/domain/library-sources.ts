/**
 * Which library items can feed which request: a cover sings any library audio; training, singing
 * videos and subtitle videos take links only, so they need the service's own link for the item.
 * The renderer picks from its library view with these; main checks the same when it resolves the
 * item it is sent.
 */
import { SINGING_AUDIO_MAX_S, SINGING_AUDIO_MIN_S } from './service-limits';
import type { LibraryKind } from './library';

/** What a source picker needs to know of an item (main's view of it carries these). */
export interface SourceFacts {
  kind: LibraryKind;
  durationMs: number | null;
  /** The service gave it an http(s) link that can be sent on. */
  hasServiceUrl: boolean;
}

const AUDIO_KINDS: ReadonlySet<LibraryKind> = new Set(['song', 'cover', 'tts']);
const VIDEO_KINDS: ReadonlySet<LibraryKind> = new Set(['singing-video', 'subtitle-video']);

/** Library audio: songs, covers and speech (what a cover can sing). */
export const isAudioKind = (kind: LibraryKind): boolean => AUDIO_KINDS.has(kind);

/** A cover's library source: any library audio (the file is uploaded, no link needed). */
export const isCoverSource = (i: SourceFacts): boolean => isAudioKind(i.kind);

/** A custom singer's training audio: a song or cover (singing, not speech) with a service link. */
export const isTrainingSource = (i: SourceFacts): boolean =>
  i.hasServiceUrl && (i.kind === 'song' || i.kind === 'cover');

/** Could be a singing video's audio by kind and length, before knowing whether it has a link. */
export const isSingableAudio = (i: Omit<SourceFacts, 'hasServiceUrl'>): boolean =>
  isAudioKind(i.kind) &&
  i.durationMs !== null &&
  i.durationMs >= SINGING_AUDIO_MIN_S * 1000 &&
  i.durationMs <= SINGING_AUDIO_MAX_S * 1000;

/** A singing video's audio: library audio of the length the service takes, with a service link. */
export const isSingingSource = (i: SourceFacts): boolean => i.hasServiceUrl && isSingableAudio(i);

/** A subtitle video's source: a library video with a service link. */
export const isSubtitleSource = (i: SourceFacts): boolean =>
  i.hasServiceUrl && VIDEO_KINDS.has(i.kind);
