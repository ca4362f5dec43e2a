/**
 * `cadenza collection list|create|add|remove|export`: the library's collections and albums, each
 * an `.m3u8` playlist in `<library>/Collections/` (services/collections), the same files the app
 * shows in the Library's sidebar.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ExportOptionsSchema, ExportTargetSchema } from '@shared/domain/export';
import {
  albumCover,
  createCollectionStore,
  type Collection,
} from '../../main/services/collections';
import { parseCommandArgs, UsageError, type CliCommand, type CliContext } from '../command';
import { englishExport, findItem } from '../support';

const help = `Usage: cadenza collection list [--json]
       cadenza collection create NAME [--artist NAME]
       cadenza collection add NAME ITEM...
       cadenza collection remove NAME ITEM...
       cadenza collection export NAME --to DIR [--format mp3|wav|flac|original] [--json]

Collections and albums are .m3u8 playlists in the library's Collections folder (other players
open them). ITEM is an id, file name or title as "library list" shows it; NAME is the
collection's name as "collection list" shows it. "export" writes the items in the collection's
order with track numbers, the collection's name as the album, its artist as the artist and album
artist, and its cover on every file.`;

const show = (c: Collection): string =>
  `${c.name}\t${c.entries.length} ${c.entries.length === 1 ? 'item' : 'items'}${c.artist ? `\t${c.artist}` : ''}`;

async function run(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseCommandArgs(
    rest,
    {
      json: { type: 'boolean' },
      artist: { type: 'string' },
      to: { type: 'string' },
      format: { type: 'string' },
    },
    `collection ${sub ?? ''}`.trim(),
  );
  const core = ctx.core();
  const library = await core.openLibrary();
  try {
    const store = createCollectionStore({ dir: library.dir, items: () => library.items() });
    const named = async (name: string | undefined): Promise<Collection> => {
      if (!name) throw new UsageError('name the collection');
      const all = await store.list();
      const c = all.find((x) => x.id === name) ?? all.find((x) => x.name === name);
      if (!c) throw new UsageError(`no collection named '${name}' (see cadenza collection list)`);
      return c;
    };
    switch (sub) {
      case 'list': {
        const all = await store.list();
        if (values.json)
          ctx.out(
            JSON.stringify(
              all.map((c) => ({
                id: c.id,
                name: c.name,
                artist: c.artist,
                items: c.entries.map((e) => ({
                  id: e.item?.id ?? e.entry.id,
                  file: e.item?.file ?? null,
                })),
              })),
              null,
              2,
            ),
          );
        else for (const c of all) ctx.out(show(c));
        return 0;
      }
      case 'create': {
        const c = await store.create(positionals.join(' '), { artist: values.artist });
        ctx.out(show(c));
        return 0;
      }
      case 'add':
      case 'remove': {
        const [name, ...refs] = positionals;
        const c = await named(name);
        if (refs.length === 0) throw new UsageError('name at least one item');
        const ids = refs.map((r) => findItem(library, r).id);
        const next = sub === 'add' ? await store.add(c.id, ids) : await store.remove(c.id, ids);
        ctx.out(show(next));
        return 0;
      }
      case 'export': {
        const c = await named(positionals[0]);
        if (!values.to) throw new UsageError('--to DIR is required (the folder to write to)');
        const format = values.format ?? core.settings.get().export?.format ?? 'mp3';
        if (!ExportTargetSchema.safeParse(format).success)
          throw new UsageError(`--format must be mp3, wav, flac or original, not '${format}'`);
        const options = ExportOptionsSchema.parse({
          format,
          album: c.name.slice(0, 200),
          ...(c.artist ? { artist: c.artist.slice(0, 200) } : {}),
        });
        const items = c.entries.flatMap((e) => (e.item ? [e.item] : []));
        if (items.length === 0) throw new UsageError(`'${c.name}' holds no item of the library`);
        const folder = resolve(values.to);
        await mkdir(folder, { recursive: true });
        const result = await core.exporter.exportItems({
          items,
          library,
          folder,
          options,
          album: { artist: c.artist, cover: albumCover(c) },
        });
        const said = englishExport(result);
        for (const note of said.notes ?? []) ctx.note(note);
        if (values.json) ctx.out(JSON.stringify(said, null, 2));
        else ctx.out(result.files.map((f) => resolve(folder, f)).join('\n'));
        return 0;
      }
      default:
        throw new UsageError(
          `unknown subcommand '${sub ?? ''}': list, create, add, remove or export`,
        );
    }
  } finally {
    await library.close();
  }
}

export const collectionCommand: CliCommand = {
  name: 'collection',
  summary: 'Collections and albums (.m3u8 in the library): list, create, add, remove, export',
  help,
  run,
};
