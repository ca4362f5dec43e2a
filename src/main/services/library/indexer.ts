import { createHash } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import { basename, extname, join, posix } from 'node:path';
import { z } from 'zod';
import { LibraryItemSchema, SidecarSchema, type LibraryItem, type Sidecar } from '@shared/domain/library';
import { isTempName, writeFileAtomic } from './atomic';
import { COVER_EXTENSIONS, guessKind, isItemMedia } from './media-types';

/** One index entry: the item plus the stats that say whether it is still current. */
export interface IndexEntry {
  item: LibraryItem;
  mediaSize: number;
  mediaMtimeMs: number;
  sidecarSize: number | null;
  sidecarMtimeMs: number | null;
}

export const SIDECAR_SUFFIX = '.json';
export const sidecarNameFor = (mediaFileName: string): string => `${mediaFileName}${SIDECAR_SUFFIX}`;

interface Listed {
  rel: string;
  stat: Stats;
}

const STAT_BATCH = 256;

/** All files under `root` except hidden ones and temp files, with their stats. */
async function listFiles(root: string): Promise<Map<string, Listed>> {
  const out = new Map<string, Listed>();
  const pending: string[] = [''];
  while (pending.length > 0) {
    const relDir = pending.pop() as string;
    let dirents;
    try {
      dirents = await fs.readdir(join(root, relDir), { withFileTypes: true });
    } catch {
      continue;
    }
    const files: string[] = [];
    for (const d of dirents) {
      if (d.name.startsWith('.') || isTempName(d.name)) continue;
      const rel = relDir ? posix.join(relDir, d.name) : d.name;
      if (d.isDirectory()) pending.push(rel);
      else if (d.isFile() || d.isSymbolicLink()) files.push(rel);
    }
    for (let i = 0; i < files.length; i += STAT_BATCH) {
      const batch = files.slice(i, i + STAT_BATCH);
      const stats = await Promise.all(batch.map((rel) => fs.stat(join(root, rel)).catch(() => null)));
      batch.forEach((rel, j) => {
        const stat = stats[j];
        if (stat?.isFile()) out.set(rel, { rel, stat });
      });
    }
  }
  return out;
}

const externalId = (rel: string): string => `ext_${createHash('sha1').update(rel).digest('hex').slice(0, 16)}`;

function coverFor(rel: string, sidecar: Sidecar | null, files: Map<string, Listed>): string | null {
  const dir = posix.dirname(rel) === '.' ? '' : posix.dirname(rel);
  if (sidecar?.cover_file) {
    const c = dir ? posix.join(dir, sidecar.cover_file) : sidecar.cover_file;
    if (files.has(c)) return c;
  }
  const base = rel.slice(0, rel.length - extname(rel).length);
  for (const ext of COVER_EXTENSIONS) if (files.has(`${base}${ext}`)) return `${base}${ext}`;
  return null;
}

async function readSidecar(path: string): Promise<Sidecar | null> {
  try {
    const parsed = SidecarSchema.safeParse(JSON.parse(await fs.readFile(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function itemFrom(rel: string, media: Stats, sidecar: Sidecar | null, cover: string | null): LibraryItem {
  const base = {
    file: rel,
    cover,
    sizeBytes: media.size,
    modifiedAtMs: media.mtimeMs,
  };
  if (sidecar) return { ...sidecar, ...base, hasSidecar: true };
  const name = basename(rel);
  return {
    ...SidecarSchema.parse({
      schema_version: 1,
      id: externalId(rel),
      kind: guessKind(name),
      title: name.slice(0, name.length - extname(name).length),
      created_at: new Date(media.birthtimeMs || media.mtimeMs).toISOString(),
    }),
    ...base,
    hasSidecar: false,
  };
}

/**
 * Brings the index up to date with the folder. Entries whose media and sidecar sizes and mtimes
 * are unchanged are reused without reading the sidecar; everything else is read and validated.
 * Sidecars without their media (a download not finished) and media of unknown types are ignored.
 */
export async function scanLibrary(root: string, previous: ReadonlyMap<string, IndexEntry>): Promise<Map<string, IndexEntry>> {
  const files = await listFiles(root);
  const next = new Map<string, IndexEntry>();
  const toRead: Array<{ rel: string; media: Stats; side: Listed | undefined }> = [];
  for (const [rel, { stat }] of files) {
    if (!isItemMedia(rel)) continue;
    const side = files.get(sidecarNameFor(rel));
    const prev = previous.get(rel);
    if (
      prev &&
      prev.mediaSize === stat.size &&
      prev.mediaMtimeMs === stat.mtimeMs &&
      prev.sidecarSize === (side ? side.stat.size : null) &&
      prev.sidecarMtimeMs === (side ? side.stat.mtimeMs : null)
    ) {
      const cover = coverFor(rel, prev.item.hasSidecar ? prev.item : null, files);
      next.set(rel, cover === prev.item.cover ? prev : { ...prev, item: { ...prev.item, cover } });
      continue;
    }
    toRead.push({ rel, media: stat, side });
  }
  for (let i = 0; i < toRead.length; i += STAT_BATCH) {
    const batch = toRead.slice(i, i + STAT_BATCH);
    const sidecars = await Promise.all(batch.map((b) => (b.side ? readSidecar(join(root, b.side.rel)) : Promise.resolve(null))));
    batch.forEach((b, j) => {
      const sidecar = sidecars[j] ?? null;
      next.set(b.rel, {
        item: itemFrom(b.rel, b.media, sidecar, coverFor(b.rel, sidecar, files)),
        mediaSize: b.media.size,
        mediaMtimeMs: b.media.mtimeMs,
        sidecarSize: b.side ? b.side.stat.size : null,
        sidecarMtimeMs: b.side ? b.side.stat.mtimeMs : null,
      });
    });
  }
  dedupeIds(next);
  return next;
}

/** Two sidecars with the same id (a copied pair): the later path gets a derived id in the index. */
function dedupeIds(entries: Map<string, IndexEntry>): void {
  const seen = new Set<string>();
  for (const rel of [...entries.keys()].sort()) {
    const entry = entries.get(rel) as IndexEntry;
    if (seen.has(entry.item.id)) {
      const id = `${entry.item.id}~${createHash('sha1').update(rel).digest('hex').slice(0, 8)}`;
      entries.set(rel, { ...entry, item: { ...entry.item, id } });
      seen.add(id);
    } else seen.add(entry.item.id);
  }
}

const SavedIndexSchema = z.object({
  schema_version: z.literal(1),
  libraryDir: z.string(),
  entries: z.array(
    z.object({
      item: LibraryItemSchema,
      mediaSize: z.number(),
      mediaMtimeMs: z.number(),
      sidecarSize: z.number().nullable(),
      sidecarMtimeMs: z.number().nullable(),
    }),
  ),
});

/** The saved index for `libraryDir`, or an empty map when missing, corrupt or for another folder. */
export async function loadSavedIndex(indexFile: string, libraryDir: string): Promise<Map<string, IndexEntry>> {
  try {
    const parsed = SavedIndexSchema.safeParse(JSON.parse(await fs.readFile(indexFile, 'utf8')));
    if (!parsed.success || parsed.data.libraryDir !== libraryDir) return new Map();
    return new Map(parsed.data.entries.map((e) => [e.item.file, e]));
  } catch {
    return new Map();
  }
}

export async function saveIndex(indexFile: string, libraryDir: string, entries: ReadonlyMap<string, IndexEntry>): Promise<void> {
  // machine-read only: compact JSON keeps 10,000 entries small and quick to parse
  await writeFileAtomic(indexFile, JSON.stringify({ schema_version: 1, libraryDir, entries: [...entries.values()] }));
}
