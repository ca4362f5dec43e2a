import { Trans } from '../i18n';
import type { PlayEntry } from '../stores/player/entries';

/**
 * What plays, as shown: a take as "Harbour Lights · Take 2" with its title isolated (a
 * right-to-left title cannot reorder the take's number), anything else by its title.
 */
export function EntryTitle({ entry }: { entry: PlayEntry }) {
  if (!entry.take) return <span translate="no">{entry.title}</span>;
  return (
    <Trans
      i18nKey="common:take.title"
      values={{ title: entry.take.title, n: entry.take.n }}
      components={{ title: <bdi translate="no" /> }}
    />
  );
}
