/**
 * The one queue every render goes through in the audio worker (trims, whole songs, export
 * conversions): at most MAX_RENDERS run at a time, the rest wait in order. Each render streams
 * within its own ceiling (TRIM_CEILING_MB, WHOLE_SONG_CEILING_MB, EXPORT_CEILING_MB), so eight
 * trims asked for at once over IPC cost what one does, one after another.
 *
 *   const r = await inRenderTurn(signal, () => trimFile(input, { signal }));
 *
 * A render whose caller gave up while it waited (signal aborted) is dropped when its turn comes.
 */
import { appError } from '@shared/app-error';

export const MAX_RENDERS = 1;

const queue = { running: 0, waiting: [] as Array<() => void> };

export async function inRenderTurn<T>(
  signal: AbortSignal | undefined,
  render: () => Promise<T>,
): Promise<T> {
  if (queue.running >= MAX_RENDERS)
    await new Promise<void>((resolve) => queue.waiting.push(resolve));
  queue.running += 1;
  try {
    if (signal?.aborted) throw appError('cancelled', 'errors:cancelled');
    return await render();
  } finally {
    queue.running -= 1;
    queue.waiting.shift()?.();
  }
}
