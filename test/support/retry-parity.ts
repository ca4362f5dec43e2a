/**
 * What "Retry writes what the first submission wrote" compares (issue 25, point 1): a retried
 * job's record and the sidecars of its saved results against those of a first submission of the
 * same intent that succeeded. The fields that differ between any two submissions by nature are
 * listed here, once; of those only the shape is compared (there or not, how many), everything else
 * must be equal.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Job, JobKind } from '@shared/domain/jobs';

/**
 * A job record's per-run fields: its id, clocks, the service's ids and raw answer, the items it
 * became. Only their shape is compared (absent, null, a string, how many ids), never their value.
 */
export const PER_RUN_JOB_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'finishedAt',
  /** the last time the service reported a change */
  'movedAt',
  /** the service's ids for this submission (song ids, task ids, a clone's speaker) */
  'serviceIds',
  /** the library items this submission became (new ids each time) */
  'resultItemIds',
  /** the service's raw answer, its ids and addresses included */
  'lastResponse',
] as const;

/** An output's per-run fields: the service's ids and addresses, the item and file it became. */
export const PER_RUN_OUTPUT_FIELDS = [
  'serviceId',
  'songId',
  'mediaUrl',
  'coverUrl',
  'libraryItemId',
  /** a second file of the same title is saved as "Neon (2).mp3" */
  'fileName',
] as const;

/** A sidecar's per-run fields (the media file's name is not in it; see `fileName` above). */
export const PER_RUN_SIDECAR_FIELDS = [
  'id',
  'created_at',
  'job_id',
  /** the service's ids (song_id, task_id…): which keys are there is compared */
  'service_ids',
  /** where the service served this submission's file (its id is in the address) */
  'source_url',
  /** the cover image beside the media file, named after it ("Neon (3).png") */
  'cover_file',
  /** the two songs of one submission share a group named by that submission's job id */
  'variation_group',
  /** the file's size after tagging: its tags carry the item id, service ids and date (the audio's own hash, `audio_sha256`, is compared) */
  'file_size_bytes',
] as const;

/**
 * Per-run fields inside one kind's `request` and `meta` (only their type is compared). A clone
 * records the clones the key had when it was sent (told apart from the voice it makes if the call
 * is cut off) and, once made, the service's speaker id for the new voice.
 */
export const PER_RUN_BY_KIND: Partial<Record<JobKind, { request?: string[]; meta?: string[] }>> = {
  clone: { request: ['knownClones'], meta: ['voice'] },
};

const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
const perKind = (o: Record<string, unknown>, fields: readonly string[] = []) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fields.includes(k) ? typeOf(v) : v]));

/** What is compared of a per-run value: whether it is there, its type, how many, which keys. */
function shapeOf(v: unknown): unknown {
  if (v === null || v === undefined) return v;
  if (Array.isArray(v)) return { length: v.length };
  if (typeof v === 'object') return { keys: Object.keys(v).sort() };
  return typeof v;
}

const perRunAsShape = (o: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fields.includes(k) ? shapeOf(v) : v]));

/** A job record as the user asked for it: kind, request, label, meta, outputs, state… */
export function recordOf(job: Job): Record<string, unknown> {
  return {
    ...perRunAsShape(job, PER_RUN_JOB_FIELDS),
    request: perKind(job.request, PER_RUN_BY_KIND[job.kind]?.request),
    meta: perKind(job.meta, PER_RUN_BY_KIND[job.kind]?.meta),
    outputs: job.outputs.map((o) => perRunAsShape(o, PER_RUN_OUTPUT_FIELDS)),
  };
}

interface LibraryLike {
  readonly dir: string;
  get(id: string): { file: string } | undefined | null;
}

/** The sidecars of a job's saved results as written on disk, without their per-run fields. */
export async function sidecarsOf(
  library: LibraryLike,
  job: Job,
): Promise<Record<string, unknown>[]> {
  return Promise.all(
    job.resultItemIds.map(async (id) => {
      const item = library.get(id);
      expect(item, `result ${id} of ${job.id} is in the library`).toBeTruthy();
      const raw = JSON.parse(await readFile(join(library.dir, `${item!.file}.json`), 'utf8'));
      return perRunAsShape(raw as Record<string, unknown>, PER_RUN_SIDECAR_FIELDS);
    }),
  );
}

/**
 * The retried job wrote the record and sidecars a first submission that succeeded wrote
 * (`firstLibrary`: where that one saved its results, when not in the same library).
 * `sidecars: 'none'` for kinds whose result is no library file (a trained singer, a cloned voice):
 * then neither job saved any.
 */
export async function expectSameRecordAndSidecars(
  library: LibraryLike,
  firstOk: Job,
  retried: Job,
  opts: { sidecars?: 'compare' | 'none'; firstLibrary?: LibraryLike } = {},
): Promise<void> {
  expect(firstOk.state).toBe('done');
  expect(retried.state).toBe('done');
  expect(recordOf(retried)).toEqual(recordOf(firstOk));
  const want = await sidecarsOf(opts.firstLibrary ?? library, firstOk);
  const got = await sidecarsOf(library, retried);
  if (opts.sidecars === 'none') {
    expect(want).toEqual([]);
    expect(got).toEqual([]);
    return;
  }
  expect(want.length).toBeGreaterThan(0);
  expect(got).toEqual(want);
}
