import type { LibraryItem } from '@shared/domain/library';
import type { Song } from '@shared/domain/service';
import type { SubmitSongInput } from '@shared/domain/service-inputs';
import { fieldError } from '@shared/errors';

/** What resolving an extension needs: the library, and the service for songs not in it. */
type SongExtension = NonNullable<SubmitSongInput['extend']>;

export interface ExtensionDeps {
  library: {
    get(id: string): LibraryItem | undefined;
    findByServiceId(id: string): LibraryItem | undefined;
  };
  query(ids: readonly string[]): Promise<Song[]>;
}

export interface ResolvedExtension {
  extend: SongExtension;
  /** The parent in the library, when it is there (its sidecar id becomes the child's parent_id). */
  parent: LibraryItem | undefined;
}

/** Checks where an extension starts against a song's length (spec rule 4), before anything is sent. */
export function checkContinueAt(continueAtS: number, durationMs: number): string | undefined {
  if (!Number.isFinite(continueAtS) || continueAtS <= 0)
    return 'Choose where the extension starts (after 0 seconds).';
  if (continueAtS * 1000 > durationMs) {
    const lengthS = Math.floor(durationMs / 10) / 100;
    return `The song is only ${lengthS} seconds long; start the extension within it.`;
  }
  return undefined;
}

/**
 * Turns "extend song X at S seconds" into the service's terms: X may be a library item id or a
 * service song id. The song's length comes from its sidecar, else from /v2/query; an unknown
 * length, a song without a service id, or a start outside (0, length] is refused here.
 */
export async function resolveExtension(
  ref: { songId: string; continueAtS: number },
  deps: ExtensionDeps,
): Promise<ResolvedExtension> {
  const parent = deps.library.get(ref.songId) ?? deps.library.findByServiceId(ref.songId);
  let serviceId: string;
  let durationMs: number | null;
  if (parent) {
    const id = parent.service_ids.song_id;
    if (parent.kind !== 'song' || !id)
      throw fieldError(
        'extend',
        `"${parent.title}" has no song id from the service, so it cannot be extended.`,
      );
    serviceId = id;
    durationMs = parent.duration_ms;
  } else {
    const [song] = await deps.query([ref.songId]);
    if (!song) throw fieldError('extend', 'The service does not know a song with that id.');
    if (song.status !== 'complete')
      throw fieldError('extend', 'That song is not finished yet; extend it once it is done.');
    serviceId = song.id;
    durationMs = song.durationMs ?? null;
  }
  if (durationMs === null || durationMs <= 0) {
    throw fieldError(
      'continueAtS',
      'The length of that song is unknown, so the start of the extension cannot be checked.',
    );
  }
  const problem = checkContinueAt(ref.continueAtS, durationMs);
  if (problem) throw fieldError('continueAtS', problem);
  return {
    extend: { songId: serviceId, continueAtS: ref.continueAtS, songDurationMs: durationMs },
    parent,
  };
}
