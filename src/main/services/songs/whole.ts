/**
 * "Whole song": an extension (or a chain of them) rendered with its song into one new library
 * item, as the creator hears it — the song up to where the extension continues it, then the
 * extension, and so on (services/audio/whole/). The originals are never changed.
 *
 *   const item = await wholeSongs.render('itm_ext2', { onProgress: (f) => … });
 *
 * The chain is read from the library: each item's parent (`parent_id`, else the service song id
 * in `service_ids.parent_song_id`) and where it continues it (`continue_at_s` in the sidecar, else
 * the extension request in the item's job record). The decode, stitch and encode run in the worker
 * (task `audio.wholeSong`), which writes the MP3 to a temp file in the library folder.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { LibraryItem, WholeSongSource } from '@shared/domain/library';
import { appError } from '@shared/app-error';
import type { Job } from '@shared/domain/jobs';
import { tempPathFor } from '../ground/atomic';
import type { Library } from '../library/library';
import { libraryFilePath } from '../files/library-file';
import type { WholeSongInput, WholeSongProgress, WholeSongReport } from '../audio/whole/render';

export interface ChainLink {
  item: LibraryItem;
  /** Where it continues the previous link (s); null for the song the chain starts from. */
  continueAtS: number | null;
}

export type WholeSongRenderer = (
  input: WholeSongInput,
  options: { signal?: AbortSignal; onProgress?: (p: WholeSongProgress) => void },
) => Promise<WholeSongReport>;

export interface WholeSongDeps {
  runtime: () => Promise<{
    library: Pick<
      Library,
      'get' | 'findByServiceId' | 'pathOf' | 'createItem' | 'ensureFolder' | 'dir' | 'full'
    >;
    jobs: { get(id: string): Job | undefined };
  }>;
  /** Runs the render (the worker's `audio.wholeSong` task). */
  render: WholeSongRenderer;
}

const MAX_CHAIN = 64;

function continueAtOf(item: LibraryItem, jobs: { get(id: string): Job | undefined }) {
  if (typeof item.continue_at_s === 'number') return item.continue_at_s;
  const job = item.job_id ? jobs.get(item.job_id) : undefined;
  const extend = job?.request.extend as { continueAtS?: unknown } | undefined;
  return typeof extend?.continueAtS === 'number' ? extend.continueAtS : null;
}

function parentOf(
  item: LibraryItem,
  library: Pick<Library, 'get' | 'findByServiceId'>,
): LibraryItem | undefined {
  const byId = item.parent_id ? library.get(item.parent_id) : undefined;
  if (byId) return byId;
  const songId = item.service_ids.parent_song_id;
  return songId ? library.findByServiceId(songId) : undefined;
}

/** True when the item continues another song (it has a parent song it names). */
export const isExtension = (item: LibraryItem): boolean =>
  item.kind === 'song' &&
  !item.whole_song &&
  (item.parent_id !== null || !!item.service_ids.parent_song_id);

/** The chain ending at `id`, song first. Throws a creator-readable error when it is broken. */
export function chainOf(
  id: string,
  library: Pick<Library, 'get' | 'findByServiceId'>,
  jobs: { get(id: string): Job | undefined },
): ChainLink[] {
  const leaf = library.get(id) ?? library.findByServiceId(id);
  if (!leaf) throw appError('not_found', 'errors:library.itemGone');
  if (!isExtension(leaf))
    throw appError('validation', 'errors:songs.notExtension', { title: leaf.title });
  const links: ChainLink[] = [];
  const seen = new Set<string>();
  for (let item: LibraryItem | undefined = leaf; item;) {
    if (seen.has(item.id) || seen.size > MAX_CHAIN)
      throw appError('validation', 'errors:songs.loop');
    seen.add(item.id);
    if (!isExtension(item) || item.whole_song) {
      links.unshift({ item, continueAtS: null });
      break;
    }
    const parent = parentOf(item, library);
    if (!parent) throw appError('not_found', 'errors:songs.parentGone', { title: item.title });
    const at = continueAtOf(item, jobs);
    if (at === null || !(at > 0))
      throw appError('validation', 'errors:songs.unknownStart', { title: item.title });
    links.unshift({ item, continueAtS: at });
    item = parent;
  }
  return links;
}

/** The chain's lyrics in order; a part whose lyrics already begin with the previous ones replaces them. */
async function chainLyrics(
  chain: ChainLink[],
  library: Pick<Library, 'full'>,
): Promise<string | null> {
  const parts: string[] = [];
  for (const { item } of chain) {
    const text = item.hasLyrics ? (await library.full(item)).lyrics?.trim() : null;
    if (!text) continue;
    const last = parts[parts.length - 1];
    if (last && text.startsWith(last)) parts[parts.length - 1] = text;
    else parts.push(text);
  }
  return parts.length ? parts.join('\n\n') : null;
}

export function createWholeSongService(deps: WholeSongDeps) {
  const running = new Map<string, Promise<LibraryItem>>();

  async function renderNow(
    id: string,
    options: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
  ): Promise<LibraryItem> {
    const { library, jobs } = await deps.runtime();
    const chain = chainOf(id, library, jobs);
    const leaf = chain[chain.length - 1]!.item;
    // rendered beside the library's files under a temp name (cleaned up if the process dies), then
    // moved into place by createItem with the sidecar that describes it
    await library.ensureFolder();
    const rendered = tempPathFor(join(library.dir, 'whole-song'), '.mp3');
    try {
      const report = await deps.render(
        {
          // each part's real path, refused when it links out of the library
          parts: await Promise.all(
            chain.map(async (l) => ({
              path: await libraryFilePath(library.dir, l.item.file),
              ...(l.continueAtS !== null ? { continueAtMs: l.continueAtS * 1000 } : {}),
            })),
          ),
          outPath: rendered,
        },
        { signal: options.signal, onProgress: (p) => options.onProgress?.(p.fraction) },
      );
      const whole: WholeSongSource = {
        chain: chain.map((l) => ({
          id: l.item.id,
          title: l.item.title,
          continue_at_s: l.continueAtS,
        })),
        seams: report.seams.map((s, i) => ({
          id: chain[i + 1]!.item.id,
          at_ms: Math.round(s.atMs),
          shape: s.shape,
          similarity: s.similarity === null ? null : Math.round(s.similarity * 1000) / 1000,
        })),
        crossfade_ms: report.crossfadeMs,
      };
      return await library.createItem({
        ext: '.mp3',
        meta: {
          kind: 'song',
          title: `${leaf.title} (whole song)`,
          lyrics: await chainLyrics(chain, library),
          tags: leaf.tags,
          prompt: leaf.hasPrompt ? (await library.full(leaf)).prompt : null,
          model: leaf.model,
          parent_id: leaf.id,
          duration_ms: Math.round(report.durationMs),
          whole_song: whole,
        },
        writeMedia: (tmp) => fs.rename(rendered, tmp),
      });
    } finally {
      await fs.rm(rendered, { force: true });
    }
  }

  return {
    chainOf: async (id: string): Promise<ChainLink[]> => {
      const { library, jobs } = await deps.runtime();
      return chainOf(id, library, jobs);
    },
    /** Renders the whole song ending at extension `id` into a new item (one render per item at a time). */
    render(
      id: string,
      options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
    ): Promise<LibraryItem> {
      let run = running.get(id);
      if (!run) {
        run = renderNow(id, options).finally(() => running.delete(id));
        running.set(id, run);
      }
      return run;
    },
  };
}

export type WholeSongService = ReturnType<typeof createWholeSongService>;
