/**
 * `cadenza library list`: the items in the library folder, read from their sidecars.
 * `cadenza library loudness ITEM`: an item's integrated loudness and true peak.
 * `cadenza library trim` (trim.ts), `cadenza library export` (export.ts) and
 * `cadenza library retag` (retag.ts).
 */
import { measureLoudnessInWorker } from '../../../main/services/audio/loudness';
import {
  expectNoMore,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../../command';
import { exportHelp, exportItemsCommand } from './export';
import { findItem, fullItems, sidecarOf } from '../../support';
import { emptyLibraryNote, listText } from '../../list-text';
import { retag, RETAG_HELP } from './retag';
import { trim, TRIM_HELP } from './trim';

const help = `Usage: cadenza library list [--json]
       cadenza library trim ITEM --start TIME --end TIME [--fade-in S] [--fade-out S]
       cadenza library loudness ITEM [--json]
       cadenza library export ITEM... --to DIR [--format mp3|wav|flac|original] …
       cadenza library retag [--dry-run] [--json]

The library folder (see cadenza config) holds one media file per item with a JSON sidecar beside
it (<file>.json). This lists the items, newest first.

  library list          Title, kind, duration and file of each item
  library list --json   The sidecars as a JSON array (each with "file", its path in the folder);
                        files added to the folder outside the app are listed with what was read
                        from them (length, tags) and "hasSidecar": false
  library loudness ITEM Integrated loudness (EBU R128 / ITU-R BS.1770, LUFS) and true peak (dBTP)
                        of the item with that id, file name or title: the measurement kept by
                        the app, else measured now (the app keeps it when it next runs). MP3,
                        WAV, FLAC, Ogg Vorbis and Opus are measured; AAC and video are not
${TRIM_HELP}
${RETAG_HELP}

${exportHelp}`;

async function list(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'library');
  expectNoMore(positionals, 'library');
  const core = ctx.core();
  const library = await core.openLibrary();
  try {
    const items = library.items();
    if (values.json) {
      ctx.out(JSON.stringify((await fullItems(library, items)).map(sidecarOf), null, 2));
      return;
    }
    if (items.length === 0) {
      ctx.note(emptyLibraryNote(library.dir));
      return;
    }
    ctx.out(listText(items));
  } finally {
    await library.close();
  }
}

const db = (v: number | null, unit: string): string =>
  v === null ? 'none (silence)' : `${v.toFixed(1)} ${unit}`;

async function loudness(args: string[], ctx: CliContext): Promise<number | void> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'library');
  const [name, ...rest] = positionals;
  if (!name)
    throw new UsageError('missing ITEM: an id, file name or title (see cadenza library list)');
  expectNoMore(rest, 'library');
  const core = ctx.core();
  const library = await core.openLibrary();
  try {
    const item = findItem(library, name);
    const kept = await core.loudness.keptFor(item);
    const measured = kept ?? (await measureLoudnessInWorker(library.pathOf(item)));
    if (!measured) {
      ctx.note(`${item.file}: only MP3, WAV, FLAC, Ogg Vorbis and Opus files are measured.`);
      return 1;
    }
    if (values.json) {
      ctx.out(
        JSON.stringify({ id: item.id, file: item.file, kept: kept !== null, ...measured }, null, 2),
      );
      return;
    }
    ctx.out(
      [
        `${item.title} (${item.file})`,
        `Integrated loudness  ${db(measured.integratedLufs, 'LUFS')}`,
        `True peak            ${db(measured.truePeakDb, 'dBTP')}`,
      ].join('\n'),
    );
    if (!kept) ctx.note('Measured now; the app keeps the measurement with the item.');
  } finally {
    await library.close();
  }
}

export const libraryCommand: CliCommand = {
  name: 'library',
  summary:
    "List the items in the library folder, trim one into a new item, show one item's loudness, export items with tags, tag files made by earlier versions",
  help,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'list') return list(rest, ctx);
    if (sub === 'trim') return trim(rest, ctx, sidecarOf);
    if (sub === 'loudness') return loudness(rest, ctx);
    if (sub === 'export') return exportItemsCommand(rest, ctx);
    if (sub === 'retag') return retag(rest, ctx);
    if (!sub)
      throw new UsageError(
        'missing subcommand: list, trim, loudness, export or retag (see cadenza library --help)',
      );
    throw new UsageError(`unknown subcommand 'library ${sub}' (see cadenza library --help)`);
  },
};
