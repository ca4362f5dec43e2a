/**
 * Helpers several commands share, one floor below them: a command file never imports another
 * (ESLint refuses it), so what two commands need lives here.
 */
import { READ_CAPS, readRegularText } from '../main/services/ground/regular-file';
import { join } from 'node:path';
import { SidecarSchema, type LibraryItem, type Sidecar } from '@shared/domain/library';
import type { Counter } from '@shared/errors';
import type { Core } from '../main/services/core';
import type { Library } from '../main/services/library/library';
import { UsageError } from './command';

/** What a counter of the key has left now, or null when the key info cannot be had. */
export async function counterLeft(core: Core, counter: Counter): Promise<number | null> {
  try {
    return (await core.account.keyInfo())[counter];
  } catch {
    return null;
  }
}

/** The sidecar of a saved item, as written beside its file, plus the media file's path. */
export async function readSidecar(
  libraryDir: string,
  item: LibraryItem,
): Promise<Sidecar & { media_file: string }> {
  const raw = JSON.parse(
    await readRegularText(join(libraryDir, `${item.file}.json`), READ_CAPS.sidecarBytes),
  ) as unknown;
  return { ...SidecarSchema.parse(raw), media_file: join(libraryDir, item.file) };
}

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

/** The one item ITEM names: an id, a file (relative to the library folder), or a unique title. */
export function findItem(library: Library, ref: string): LibraryItem {
  const byId = library.get(ref);
  if (byId) return byId;
  const wanted = ref.replace(/\\/g, '/');
  const byFile = library.items().find((i) => i.file === wanted);
  if (byFile) return byFile;
  const byTitle = library.items().filter((i) => i.title === ref);
  if (byTitle.length === 1) return byTitle[0]!;
  if (byTitle.length > 1)
    throw new UsageError(
      `${byTitle.length} items are called '${ref}'; give the id (cadenza library list --json)`,
    );
  throw new UsageError(`no item '${ref}' in the library (cadenza library list shows them)`);
}
