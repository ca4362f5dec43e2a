/**
 * `cadenza library trim ITEM --start 0:05.250 --end 1:10 [--fade-in 0.5] [--fade-out 2]`: the
 * region of an item saved as a new item (the same service as the app's Trim; the original is
 * left as it is). ITEM is an item id, a file in the library folder, or a title only one item has.
 */
import type { FullLibraryItem } from '@shared/domain/library';
import { FADE_CURVES, TrimRequestSchema, type FadeCurve } from '@shared/domain/trim';
import { formatTimeMs, parseTimeMs } from '@shared/time';
import { trimItem } from '../../../main/services/edit/trim-item';
import { parseCommandArgs, UsageError, type CliContext } from '../../command';
import { findItem } from '../../support';

export const TRIM_HELP = `  library trim ITEM --start TIME --end TIME [--fade-in S] [--fade-out S]
                        [--curve linear|equal-power] [--title NAME] [--json]
                        Saves the part of ITEM from --start to --end as a new item in the same
                        format (MP3, WAV or FLAC), optionally faded in and out; the original is
                        left as it is. ITEM is an item id, a file in the library folder or a
                        title. TIME is m:ss.mmm or seconds (0:05.250, 1:10, 75.5); --end defaults
                        to the end of the item; fades are in seconds.`;

const OPTIONS = {
  start: { type: 'string' },
  end: { type: 'string' },
  'fade-in': { type: 'string' },
  'fade-out': { type: 'string' },
  curve: { type: 'string' },
  title: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function timeOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseTimeMs(text);
  if (ms === null)
    throw new UsageError(
      `--${name} '${text}' is not a time like 1:05.250 or 65.25 (see cadenza library --help)`,
    );
  return ms;
}

/** `asJson` is how `library list --json` shows an item (its sidecar and file). */
export async function trim(
  args: string[],
  ctx: CliContext,
  asJson: (item: FullLibraryItem) => Record<string, unknown>,
): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'library');
  const [ref, ...rest] = positionals;
  if (!ref) throw new UsageError('library trim needs an ITEM (see cadenza library --help)');
  if (rest.length > 0) throw new UsageError(`unexpected '${rest[0]}' (see cadenza library --help)`);
  const curve = values.curve ?? 'linear';
  if (!(FADE_CURVES as readonly string[]).includes(curve))
    throw new UsageError(`--curve is ${FADE_CURVES.join(' or ')}`);
  const startMs = timeOption('start', values.start);
  if (startMs === undefined)
    throw new UsageError('library trim needs --start (see cadenza library --help)');
  const { library } = await ctx.core().jobsHost.runtime();
  const source = findItem(library, ref);
  const endMs = timeOption('end', values.end) ?? source.duration_ms;
  if (endMs === null || endMs === undefined)
    throw new UsageError('the length of this item is not known: give --end');
  const request = {
    startMs,
    endMs,
    fadeInMs: timeOption('fade-in', values['fade-in']) ?? 0,
    fadeOutMs: timeOption('fade-out', values['fade-out']) ?? 0,
    fadeCurve: curve as FadeCurve,
    ...(values.title !== undefined ? { title: values.title } : {}),
  };
  const checked = TrimRequestSchema.safeParse(request);
  if (!checked.success) throw new UsageError(checked.error.issues[0]?.message ?? 'invalid region');
  const item = await trimItem(library, source.id, checked.data);
  if (values.json) ctx.out(JSON.stringify(asJson(await library.full(item)), null, 2));
  else {
    ctx.out(item.file);
    ctx.note(
      `Saved ${formatTimeMs(startMs)}–${formatTimeMs(endMs)} of “${source.title}” as ${item.id} (${formatTimeMs(item.duration_ms ?? 0)}).`,
    );
  }
}
