/** `cadenza library list`: the items in the library folder, read from their sidecars. */
import type { LibraryItem } from '@shared/domain/library';
import {
  expectNoMore,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../command';
import { trim, TRIM_HELP } from './library-trim';

const help = `Usage: cadenza library list [--json]
       cadenza library trim ITEM --start TIME --end TIME [--fade-in S] [--fade-out S]

The library folder (see cadenza config) holds one media file per item with a JSON sidecar beside
it (<file>.json). This lists the items, newest first.

  library list          Title, kind, duration and file of each item
  library list --json   The sidecars as a JSON array (each with "file", its path in the folder);
                        files added to the folder outside the app are listed with what was read
                        from them (length, tags) and "hasSidecar": false
${TRIM_HELP}`;

const duration = (ms: number | null): string => {
  if (ms === null) return '';
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The sidecar as written beside the file, plus where the file is; for a file added outside the
 * app (no sidecar), what was read from it (length, tags) in the same shape, marked hasSidecar false.
 */
export function sidecarOf(item: LibraryItem): Record<string, unknown> {
  const {
    cover: _c,
    sizeBytes: _s,
    modifiedAtMs: _m,
    hasSidecar,
    artEmbedded: _a,
    file,
    ...sidecar
  } = item;
  return hasSidecar ? { ...sidecar, file } : { ...sidecar, file, hasSidecar };
}

async function list(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'library');
  expectNoMore(positionals, 'library');
  const core = ctx.core();
  const library = await core.openLibrary();
  try {
    const items = library.items();
    if (values.json) {
      ctx.out(JSON.stringify(items.map(sidecarOf), null, 2));
      return;
    }
    if (items.length === 0) {
      ctx.note(`The library at ${library.dir} is empty.`);
      return;
    }
    const rows = items.map((i) => [i.title, i.kind, duration(i.duration_ms), i.file] as const);
    const width = (n: 0 | 1 | 2) => Math.max(...rows.map((r) => r[n].length));
    ctx.out(
      rows
        .map(
          (r) =>
            `${r[0].padEnd(width(0))}  ${r[1].padEnd(width(1))}  ${r[2].padStart(width(2))}  ${r[3]}`,
        )
        .join('\n'),
    );
  } finally {
    await library.close();
  }
}

export const libraryCommand: CliCommand = {
  name: 'library',
  summary: 'List the items in the library folder, trim one into a new item',
  help,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'list') return list(rest, ctx);
    if (sub === 'trim') return trim(rest, ctx, sidecarOf);
    if (!sub) throw new UsageError('missing subcommand: list or trim (see cadenza library --help)');
    throw new UsageError(`unknown subcommand 'library ${sub}' (see cadenza library --help)`);
  },
};
