/**
 * `cadenza song whole ITEM`: renders an extension (and the chain of extensions before it) with its
 * song into one new MP3 in the library — the same service as the Library's "Whole song" action.
 */
import {
  expectNoMore,
  formatRows,
  parseCommandArgs,
  UsageError,
  type CliContext,
} from '../../command';
import { sidecarOf } from '../../support';

export const wholeHelp = `Usage: cadenza song whole ITEM [--json]

Join an extension to its song: the song up to where the extension continues it, then the
extension (and so on for an extension of an extension), with a short crossfade at each seam,
saved as a new MP3 item in the library. ITEM is the extension's library item id or song id.
The originals are not changed. Whether the service's extension audio repeats the song's opening
is measured from the audio, so the opening is never doubled.

  --json   Print the new item's sidecar as JSON`;

export async function songWhole(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { json: { type: 'boolean' } },
    'song whole',
  );
  const [id, ...more] = positionals;
  if (!id) throw new UsageError('missing ITEM: the extension to join (see cadenza song --help)');
  expectNoMore(more, 'song whole');
  let shown = -1;
  const item = await ctx.core().wholeSongs.render(id, {
    onProgress: (f) => {
      const step = Math.floor(f * 4);
      if (values.json || step <= shown || step >= 4) return;
      shown = step;
      ctx.note(`Rendering… ${step * 25}%`);
    },
  });
  if (values.json) {
    const { library } = await ctx.core().jobsHost.runtime();
    ctx.out(JSON.stringify(sidecarOf(await library.full(item)), null, 2));
    return 0;
  }
  const whole = item.whole_song;
  ctx.out(
    formatRows([
      ['Title', item.title],
      ['File', item.file],
      ['Duration', item.duration_ms !== null ? `${(item.duration_ms / 1000).toFixed(2)} s` : ''],
      ['Parts', whole?.chain.map((c) => c.title).join(' → ') ?? ''],
      ...(whole?.seams ?? []).map(
        (s, i) =>
          [
            `Seam ${i + 1}`,
            `${(s.at_ms / 1000).toFixed(2)} s (${s.shape === 'whole' ? 'extension repeated the song; opening skipped' : 'new audio only'})`,
          ] as const,
      ),
    ]),
  );
  return 0;
}
