/**
 * Making something new from a library item: each action opens the panel that does it with the
 * item already filled in. Nothing is sent until the user submits there.
 */
import { isCoverSource, isSingingSource } from '@shared/domain/library-sources';
import type { LibraryItemView } from '@shared/ipc/library';
import { selectTakes, useLibraryStore } from '../../stores/library';
import type { MenuItem } from '../../components';
import { openCoverFrom } from '../../stores/covers';
import { openSingingFrom } from '../../stores/videos';
import { openExtend } from '../../stores/songs';
import { reuseSettings } from '../../stores/reuse';
import { speakAgain } from '../../stores/voices';
import { useTranslation } from '../../i18n';

/** The earlier take (voice, emotion, text) of a speech item: a view of the library's list. */
function useTake(item: LibraryItemView) {
  const take = useLibraryStore((s) =>
    item.kind === 'tts' ? selectTakes(s).find((t) => t.itemId === item.id) : undefined,
  );
  return take?.text.trim() ? take : null;
}

/** The reuse actions an item offers, as items of the details card's ⋯ menu. */
export function useReuseActions(item: LibraryItemView, disabled: boolean): MenuItem[] {
  const { t } = useTranslation();
  const take = useTake(item);
  return [
    {
      // Songs and Covers; a speech take's settings are "Speak again" below
      label: t('library:reuse.settings'),
      onSelect: () => void reuseSettings(item),
      hidden: item.kind === 'song' ? !item.prompt?.trim() : item.kind !== 'cover',
    },
    {
      label: t('library:reuse.extend'),
      onSelect: () => openExtend(item.id),
      hidden: item.kind !== 'song',
    },
    {
      label: t('library:reuse.cover'),
      onSelect: () => openCoverFrom(item.id),
      hidden: !isCoverSource(item),
    },
    {
      label: t('library:reuse.singing'),
      onSelect: () => openSingingFrom(item.id),
      hidden: !isSingingSource(item),
    },
    {
      label: t('library:reuse.speakAgain'),
      hidden: !take,
      onSelect: () => {
        if (take) void speakAgain({ speaker: take.voice, emotion: take.emotion, text: take.text });
      },
    },
  ].map((a) => ({ ...a, disabled }));
}
