import type { JobView } from '@shared/ipc/jobs';
import { asTake, formatOf } from '../../stores/player/entries';
import type { PlayEntry } from '../../stores/player';
import { t } from '../../i18n';

/** The player key of a submission's take: the same while it streams and once it is saved. */
export const previewKey = (jobId: string, index: number): string => `preview:${jobId}:${index}`;

/**
 * A take for the player, named by the take rule ("Harbour Lights · Take 1" for `title` "Harbour
 * Lights" at index 0): its stream while generating, the library file once saved.
 */
export function previewEntry(
  job: JobView,
  index: number,
  mediaUrl: string,
  title: string,
  coverUrl: string | null = null,
): PlayEntry {
  const o = job.outputs[index]!;
  return asTake(
    {
      key: previewKey(job.id, index),
      itemId: o.status === 'saved' ? o.libraryItemId : null,
      url: mediaUrl,
      title,
      video: false,
      format: formatOf(mediaUrl),
      durationMs: o.durationMs,
      coverUrl,
      origin: t('shell:nav.songs'),
    },
    title,
    index + 1,
  );
}
