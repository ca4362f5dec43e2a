/**
 * `cadenza library export ITEM... --format mp3|wav|flac|original --to DIR [--artist A] [--album B]
 * [--normalise] [--without-cadenza-data]`: the same export as the Library's, through core.exporter (the worker converts).
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ExportOptionsSchema, ExportTargetSchema } from '@shared/domain/export';
import { parseCommandArgs, UsageError, type CliContext } from '../../command';
import { englishExport, findItem } from '../../support';

export const exportHelp = `Usage: cadenza library export ITEM... --to DIR [--format mp3|wav|flac|original]
                              [--artist NAME] [--album NAME] [--normalise]
                              [--without-cadenza-data] [--json]

Writes the items (ids, titles or file names as "library list" shows them), in the order given,
into DIR as MP3, WAV or FLAC with tags: title, artist, album, track numbers (when several),
lyrics, cover art and the prompt as comment. Names come from the titles and never replace a
file already there (" (2)"). An MP3 exported as MP3 is not re-encoded, only retagged.

  --format      mp3, wav, flac, or original (copies as they are); default: the export format in
                settings, else mp3
  --artist      Artist written into the files (default: the export artist in settings)
  --album       Album (default: the export album in settings)
  --normalise   Brings each file to the levelling target loudness (peaks kept below -1 dBTP)
  --without-cadenza-data
                Leaves Cadenza's recipe (item id, how it was made, service ids) out of the
                files, also of "original" copies: plain tags only
  --json        Prints {"folder", "files", "reencoded"}`;

export async function exportItemsCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      to: { type: 'string' },
      format: { type: 'string' },
      artist: { type: 'string' },
      album: { type: 'string' },
      normalise: { type: 'boolean' },
      'without-cadenza-data': { type: 'boolean' },
      json: { type: 'boolean' },
    },
    'library export',
  );
  if (positionals.length === 0) throw new UsageError('name at least one item to export');
  if (!values.to) throw new UsageError('--to DIR is required (the folder to write to)');
  const core = ctx.core();
  const format = values.format ?? core.settings.get().export?.format ?? 'mp3';
  if (!ExportTargetSchema.safeParse(format).success)
    throw new UsageError(`--format must be mp3, wav, flac or original, not '${format}'`);
  const parsed = ExportOptionsSchema.safeParse({
    format,
    artist: values.artist,
    album: values.album,
    normalise: values.normalise,
    withoutCadenzaData: values['without-cadenza-data'],
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  const folder = resolve(values.to);
  await mkdir(folder, { recursive: true });
  const library = await core.openLibrary();
  try {
    const items = positionals.map((ref) => findItem(library, ref));
    let shown = -1;
    const result = await core.exporter.exportItems(
      { items, library, folder, options: parsed.data },
      {
        onProgress: (p) => {
          if (p.current !== null && p.done !== shown) {
            shown = p.done;
            ctx.note(`[${p.done + 1}/${p.total}] ${p.current}`);
          }
        },
      },
    );
    const said = englishExport(result);
    for (const note of said.notes ?? []) ctx.note(note);
    if (values.json) ctx.out(JSON.stringify(said, null, 2));
    else ctx.out(result.files.map((f) => resolve(folder, f)).join('\n'));
  } finally {
    await library.close();
  }
}
