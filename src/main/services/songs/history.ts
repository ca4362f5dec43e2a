/**
 * The song history: what GET /v3/music/tasks lists for the key (without ids), compared with the
 * library by service song id, and importing the missing finished songs as a tracked job (the
 * poller asks /v3/music/tasks?ids=… and the saver downloads them with sidecars).
 */
import { HISTORY_IMPORT_MAX_SONGS } from '@shared/domain/job-kinds';
import type { Job } from '@shared/domain/jobs';
import type { LibraryItem } from '@shared/domain/library';
import type { Song } from '@shared/domain/service';
import { appError } from '@shared/app-error';
import type { History, HistorySong } from '@shared/ipc/songs';
import type { JobsService } from '../jobs';

export interface HistoryDeps {
  library: {
    items(): readonly LibraryItem[];
    findByServiceId(id: string): LibraryItem | undefined;
  };
  listTasks(): Promise<Song[]>;
}

/** `songId` of a history entry is what an import tracks: the V3 task id. */
const toHistorySong = (s: Song): HistorySong => ({
  songId: s.id,
  title: s.title.trim() || 'Untitled song',
  style: s.tags,
  durationMs: s.durationMs ?? null,
  hasLyrics: s.lyrics.trim() !== '',
});

/** Whether the library holds a song: by its own song id (what sidecars of any origin record), else its task id. */
const held = (library: HistoryDeps['library'], s: Song): boolean =>
  Boolean((s.songId && library.findByServiceId(s.songId)) || library.findByServiceId(s.id));

/** Finished songs the service lists that the library does not hold, in the service's order. */
export async function listHistory(deps: HistoryDeps): Promise<History> {
  const all = await deps.listTasks();
  const seen = new Set<string>();
  const songs: HistorySong[] = [];
  let inLibrary = 0;
  let unfinished = 0;
  for (const s of all) {
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    if (s.status !== 'complete') unfinished += 1;
    else if (held(deps.library, s)) inLibrary += 1;
    else songs.push(toHistorySong(s));
  }
  return { songs, inLibrary, unfinished };
}

/**
 * Starts one job that follows the given song ids through /v3/music/tasks and saves them into the
 * library. Ids already in the library are refused, so nothing is downloaded twice.
 */
export async function importFromHistory(
  songIds: readonly string[],
  deps: Pick<HistoryDeps, 'library'> & { jobs: Pick<JobsService, 'track'>; titles?: string[] },
): Promise<Job> {
  const ids = [...new Set(songIds.map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) throw appError('invalid_argument', 'errors:songs.chooseToImport');
  const held = ids.filter((id) => deps.library.findByServiceId(id));
  if (held.length === ids.length) throw appError('invalid_argument', 'errors:songs.allHeld');
  const wanted = ids.filter((id) => !held.includes(id));
  const first = deps.titles?.[0]?.trim();
  const label =
    wanted.length === 1
      ? `Import: ${first || 'song from the service'}`
      : `Import: ${wanted.length} songs from the service`;
  if (wanted.length > HISTORY_IMPORT_MAX_SONGS)
    throw appError('invalid_argument', 'errors:songs.importMax', {
      count: HISTORY_IMPORT_MAX_SONGS,
    });
  return deps.jobs.track({
    kind: 'history-import',
    tracking: 'v3-tasks',
    ids: wanted,
    label,
    libraryKind: 'song',
  });
}
