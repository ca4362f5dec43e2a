/**
 * Making something new from a library item: each action opens the panel that does it with the
 * item already filled in. Nothing is sent until the user submits there.
 */
import { useEffect, useState } from 'react';
import type { LibraryKind } from '@shared/domain/library';
import { SINGING_AUDIO_MAX_S, SINGING_AUDIO_MIN_S } from '@shared/domain/service-limits';
import type { LibraryItemView } from '@shared/ipc/library';
import type { Take } from '@shared/ipc/voices';
import { call } from '../../bridge';
import type { MenuItem } from '../../components';
import { openCoverFrom, openSingingFrom } from '../../stores/covers';
import { openExtend } from '../../stores/songs';
import { speakAgain } from '../../stores/voices';

/** What main offers as a cover's library source (songs, covers, speech). */
const AUDIO_KINDS: readonly LibraryKind[] = ['song', 'cover', 'tts'];

/** Could be a singing video's audio by kind and length (main also needs its service link). */
const maybeSingable = (item: LibraryItemView): boolean =>
  AUDIO_KINDS.includes(item.kind) &&
  item.durationMs !== null &&
  item.durationMs >= SINGING_AUDIO_MIN_S * 1000 &&
  item.durationMs <= SINGING_AUDIO_MAX_S * 1000;

/** The earlier take (voice, emotion, text) of a speech item, once main answered. */
function useTake(item: LibraryItemView): Take | null {
  const [take, setTake] = useState<Take | null>(null);
  useEffect(() => {
    if (item.kind !== 'tts') return;
    let current = true;
    void call((api) => api.voices.takes()).then((r) => {
      if (current && r.ok) setTake(r.value.find((t) => t.itemId === item.id) ?? null);
    });
    return () => {
      current = false;
    };
  }, [item.id, item.kind]);
  return take && take.itemId === item.id && take.text.trim() ? take : null;
}

/** Whether main offers the item as a singing video's audio (a service link, 2–30 s). */
function useSingable(item: LibraryItemView): boolean {
  const [singable, setSingable] = useState<{ id: string; yes: boolean } | null>(null);
  const check = maybeSingable(item);
  useEffect(() => {
    if (!check) return;
    let current = true;
    void call((api) => api.videos.audioSources()).then((r) => {
      if (current && r.ok)
        setSingable({ id: item.id, yes: r.value.some((s) => s.itemId === item.id) });
    });
    return () => {
      current = false;
    };
  }, [item.id, check]);
  return check && singable?.id === item.id && singable.yes;
}

/** The reuse actions an item offers, as items of the details card's ⋯ menu. */
export function useReuseActions(item: LibraryItemView, disabled: boolean): MenuItem[] {
  const take = useTake(item);
  const singable = useSingable(item);
  return [
    {
      label: 'Extend from here',
      onSelect: () => openExtend(item.id),
      hidden: item.kind !== 'song',
    },
    {
      label: 'Make a cover',
      onSelect: () => openCoverFrom(item.id),
      hidden: !AUDIO_KINDS.includes(item.kind),
    },
    { label: 'Singing video', onSelect: () => openSingingFrom(item.id), hidden: !singable },
    {
      label: 'Speak again',
      hidden: !take,
      onSelect: () => {
        if (take) void speakAgain({ speaker: take.voice, emotion: take.emotion, text: take.text });
      },
    },
  ].map((a) => ({ ...a, disabled }));
}
