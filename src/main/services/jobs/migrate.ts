/**
 * Job records written by earlier versions, brought to this version's shape as they are read (the
 * file is rewritten in the new shape only when the job changes).
 *
 * - A history import was recorded as a `song-v2` job tracked through `/v3/music/tasks` with the
 *   request `{ ids, tracking: 'v3-tasks' }` (no prompt: nothing was submitted). It is now its own
 *   kind, `history-import`, so Retry follows the ids again and never runs the paid song submitter.
 */
export function migrateJobRecord(raw: Record<string, unknown>): Record<string, unknown> {
  const request = raw.request;
  if (
    raw.kind === 'song-v2' &&
    raw.tracking === 'v3-tasks' &&
    typeof request === 'object' &&
    request !== null &&
    Array.isArray((request as { ids?: unknown }).ids) &&
    !('prompt' in request)
  )
    return { ...raw, kind: 'history-import' };
  return raw;
}
