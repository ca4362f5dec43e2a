/**
 * "Reuse settings" for every composer (issue 28, point 5): main reads what an item — or a file the
 * creator dropped — was made with, as one shape (shared/domain/reuse.ts: ComposerSettings), and
 * the composer that makes its kind opens filled: Songs, Voice or Covers. Nothing is sent.
 *
 *   await reuseSettings(item);                 // the Library's or a take's ⋯ › Reuse settings
 *   await reuseDroppedFile(e.dataTransfer.files);  // a file carrying a Cadenza recipe, on Songs
 */
import type { ComposerSettings } from '@shared/domain/reuse';
import type { AppErrorShape } from '@shared/errors';
import { call } from '../bridge';
import { localError } from '../i18n';
import { reuseCoverSettings, useCoversStore } from './covers';
import { fillSongComposer, setReuseError } from './songs';
import { speakAgain, useVoicesStore } from './voices';

/** Fills the composer `c` names; `title` is what the settings came from. */
export async function fillComposer(c: ComposerSettings, title: string): Promise<void> {
  switch (c.composer) {
    case 'songs':
      fillSongComposer(c.song, title);
      return;
    case 'voice':
      await speakAgain({ speaker: c.voice.speaker, emotion: c.voice.emotion, text: c.voice.text });
      return;
    case 'covers':
      await reuseCoverSettings(c.cover);
      return;
  }
}

/** Where an item's failed reuse is said: in the composer its kind opens. */
function sayFailed(kind: string, error: AppErrorShape): void {
  if (kind === 'tts') useVoicesStore.setState({ speakError: error });
  else if (kind === 'cover') useCoversStore.setState({ coverError: error });
  else setReuseError(error);
}

/** "Reuse settings" of a library item: its composer opens filled with what it was made with. */
export async function reuseSettings(item: { id: string; title: string; kind: string }) {
  const r = await call((api) => api.library.reuseSettings(item.id));
  if (!r.ok) sayFailed(item.kind, r.error);
  else if (r.value) await fillComposer(r.value, item.title);
}

/**
 * A file dropped on Songs: when it carries a Cadenza recipe, the composer of its kind opens filled
 * with it (a song's settings fill Songs); otherwise the Songs composer says why nothing changed.
 * Only the first file counts; main reads it through a handle and forgets it afterwards.
 */
export async function reuseDroppedFile(files: readonly File[]): Promise<void> {
  const first = files.slice(0, 1);
  if (first.length === 0) return;
  const registered = await call((api) => api.files.registerDropped(first, 'audio'));
  if (!registered.ok) {
    setReuseError(registered.error);
    return;
  }
  const file = registered.value[0];
  if (!file) return;
  const r = await call((api) => api.library.fileSettings(file.handle));
  void call((api) => api.files.release([file.handle]));
  if (!r.ok) {
    setReuseError(r.error);
    return;
  }
  if (!r.value) {
    setReuseError(localError('validation', 'songs:create.drop.noRecipe', { name: file.name }));
    return;
  }
  await fillComposer(r.value.settings, r.value.title);
}
