import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Job, JobOutput } from '@shared/domain/jobs';
import type { DownloadResult } from '@shared/domain/service';
import { appError } from '@shared/app-error';
import { tempPathFor } from '../ground/atomic';
import { probeInWorker } from '../audio/probe/in-worker';
import type { Library, NewItemMeta } from '../library/library';
import { extensionFor } from '../ground/media-types';
import { keyedFailReason, newItemId } from './records';
import { baseTitle, takeNumbers } from '@shared/take-title';
import { words } from '../words';

export interface DownloadPort {
  download(
    url: string,
    destPath: string,
    opts?: {
      signal?: AbortSignal;
      onProgress?: (p: { bytesReceived: number; totalBytes?: number }) => void;
    },
  ): Promise<DownloadResult>;
}

export interface SaveDeps {
  library: Library;
  client: DownloadPort;
  /** Applies a change to the newest version of the job and persists it. */
  update(jobId: string, change: (job: Job) => Job | null): Promise<Job | undefined>;
  /** Bytes arriving (not persisted on every chunk). */
  progress(
    jobId: string,
    outputIndex: number,
    bytesReceived: number,
    totalBytes: number | null,
  ): void;
}

const DEFAULT_EXT: Record<string, string> = {
  song: '.mp3',
  cover: '.mp3',
  tts: '.wav',
  'singing-video': '.mp4',
  'subtitle-video': '.mp4',
};

function patchOutput(
  jobId: string,
  index: number,
  patch: Partial<JobOutput>,
): (job: Job) => Job | null {
  return (job) => {
    if (job.id !== jobId || job.state === 'cancelled') return null;
    const outputs = job.outputs.map((o, i) => (i === index ? { ...o, ...patch } : o));
    return { ...job, outputs };
  };
}

/** The ids the service gave an output, by name: a V3 task has a task id and its own song id. */
function serviceIdsOf(job: Job, o: JobOutput): Record<string, string> {
  if (!o.serviceId) return {};
  if (job.tracking === 'v3-tasks')
    return o.songId ? { task_id: o.serviceId, song_id: o.songId } : { task_id: o.serviceId };
  return { [job.kind.startsWith('song') ? 'song_id' : 'task_id']: o.serviceId };
}

/** What an extension's request says it extends: the parent's song id and where it continues. */
function extensionOf(job: Job): { parentSongId: string; continueAtS: number | null } | null {
  const extend = job.request.extend;
  if (!job.kind.startsWith('song') || typeof extend !== 'object' || extend === null) return null;
  const { songId, continueAtS } = extend as { songId?: unknown; continueAtS?: unknown };
  if (typeof songId !== 'string' || !songId) return null;
  return {
    parentSongId: songId,
    continueAtS: typeof continueAtS === 'number' && continueAtS > 0 ? continueAtS : null,
  };
}

/**
 * A new item's title and its take number (issue 31, point 5): every take of a submission keeps the
 * song's own title, without the mark the service adds in description mode ("(Take 2)"), and is
 * numbered by its place among the submission's library outputs — custom, description mode and
 * extensions alike. A submission of one output has no number.
 */
export function takeOf(job: Job, index: number): { title: string; take: number | null } {
  const o = job.outputs[index]!;
  return {
    title: baseTitle(o.title || job.label, job.label),
    take: takeNumbers(job.outputs.map((x) => !!x.libraryKind))[index] ?? null,
  };
}

/** A take's file name: "Harbour Lights · Take 2" (the app's language), else the title. */
const fileTitle = ({ title, take }: { title: string; take: number | null }): string =>
  take === null ? title : words('common:take.name', { title, n: take });

function sidecarMeta(job: Job, o: JobOutput, id: string, index: number): NewItemMeta {
  const { title, take } = takeOf(job, index);
  const m = job.meta;
  // an extension's sidecar is written complete once: its parent's song id and where it continues
  const ext = extensionOf(job);
  const serviceIds = serviceIdsOf(job, o);
  return {
    id,
    kind: o.libraryKind ?? 'song',
    title,
    lyrics: o.lyrics || null,
    tags: o.tags,
    prompt: m.prompt ?? null,
    model: m.model ?? null,
    voice: m.voice ?? null,
    singer: m.singer ?? null,
    emotion: m.emotion ?? null,
    duration_ms: o.durationMs !== null ? Math.round(o.durationMs) : null,
    service_ids: ext ? { ...serviceIds, parent_song_id: ext.parentSongId } : serviceIds,
    ...(ext?.continueAtS ? { continue_at_s: ext.continueAtS } : {}),
    source_url: o.mediaUrl,
    parent_id: m.parent_id ?? null,
    variation_group: job.outputs.filter((x) => x.libraryKind).length > 1 ? job.id : null,
    ...(take !== null ? { take } : {}),
    job_id: job.id,
    ...recipeFields(job.request),
  };
}

/** How it was asked for, from the job's request: what the file's recipe carries beyond the meta. */
function recipeFields(r: Record<string, unknown>): Partial<NewItemMeta> {
  const out: Partial<NewItemMeta> = {};
  if (r.mode === 'auto' || r.mode === 'custom') out.mode = r.mode;
  if (typeof r.instrumental === 'boolean') out.instrumental = r.instrumental;
  if (typeof r.tranSemitones === 'number' && Number.isInteger(r.tranSemitones))
    out.tran = r.tranSemitones;
  return out;
}

/** Best effort: a song without its cover image is still a song. */
async function fetchCover(
  deps: SaveDeps,
  url: string,
  signal: AbortSignal,
): Promise<{ ext: string; tmp: string } | undefined> {
  const tmp = tempPathFor(join(deps.library.dir, 'cover'), '.img');
  try {
    const res = await deps.client.download(url, tmp, { signal });
    return { ext: extensionFor(res.contentType, url, '.jpg'), tmp };
  } catch {
    await fs.rm(tmp, { force: true });
    return undefined;
  }
}

/**
 * Downloads every finished output of a job into the library: media streamed to a temp file in the
 * library folder, the cover beside it, then the sidecar, then the media renamed into place. The
 * item id and file name are chosen and persisted first, so a restart resumes the same item.
 */
export async function saveOutputs(
  jobId: string,
  deps: SaveDeps,
  signal: AbortSignal,
): Promise<void> {
  for (let index = 0; ; index++) {
    let job = await deps.update(jobId, () => null);
    if (!job || job.state === 'cancelled' || signal.aborted) return;
    const o = job.outputs[index];
    if (!o) return;
    if (o.status !== 'complete') continue;
    if (!o.libraryKind) {
      job = await deps.update(jobId, patchOutput(jobId, index, { status: 'saved' }));
      continue;
    }
    if (!o.mediaUrl) {
      await deps.update(
        jobId,
        patchOutput(jobId, index, {
          status: 'failed',
          ...keyedFailReason('errors:jobs.noFileLink'),
        }),
      );
      continue;
    }
    const mediaUrl = o.mediaUrl;
    let itemId = o.libraryItemId;
    let fileName = o.fileName;
    if (!itemId || !fileName) {
      itemId = newItemId();
      fileName = await deps.library.reserveName(
        fileTitle(takeOf(job, index)),
        extensionFor(undefined, mediaUrl, DEFAULT_EXT[o.libraryKind] ?? '.bin'),
      );
      job = await deps.update(
        jobId,
        patchOutput(jobId, index, { libraryItemId: itemId, fileName }),
      );
      if (!job) return;
    }
    if (!deps.library.get(itemId)) {
      // the folder first (made again only where it may be: see placement.ts), then the cover
      await deps.library.ensureFolder();
      const cover = o.coverUrl ? await fetchCover(deps, o.coverUrl, signal) : undefined;
      const meta = sidecarMeta(job, o, itemId, index);
      const ext = fileName.slice(fileName.lastIndexOf('.'));
      try {
        await deps.library.createItem({
          meta,
          ext,
          fileName,
          writeMedia: async (tmp) => {
            let last = 0;
            await deps.client.download(mediaUrl, tmp, {
              signal,
              onProgress: (p) => {
                const now = Date.now();
                if (now - last < 200) return;
                last = now;
                deps.progress(jobId, index, p.bytesReceived, p.totalBytes ?? null);
              },
            });
            if (meta.duration_ms === null)
              meta.duration_ms = (await probeInWorker(tmp))?.durationMs ?? null;
          },
          cover: cover ? { ext: cover.ext, write: (tmp) => fs.rename(cover.tmp, tmp) } : undefined,
        });
      } finally {
        if (cover) await fs.rm(cover.tmp, { force: true });
      }
    }
    if (signal.aborted) throw appError('cancelled', 'errors:jobs.downloadCancelled');
    await deps.update(jobId, patchOutput(jobId, index, { status: 'saved' }));
  }
}
