/** jobs:* — the jobs list, cancel, an explicit retry, and a finished job's playable results. */
import type { Job } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { stripInvisible } from '@shared/text';
import { toJobView, type JobResult } from '@shared/ipc/jobs';
import type { Core, JobsRuntime } from '../../services/core';
import { libraryMediaUrl } from '../../services/media-protocol/handler';
import type { NamespaceHandlers } from '../ipc';

const view = (rt: JobsRuntime, job: Job) => toJobView(rt.jobs.summary(job));

/** The library items a job made that are still in the library, as playable results. */
export function jobResult(rt: JobsRuntime, job: Job): JobResult {
  const ids = new Set([
    ...job.resultItemIds,
    ...job.outputs.flatMap((o) =>
      o.status === 'saved' && o.libraryItemId ? [o.libraryItemId] : [],
    ),
  ]);
  const items: JobResult['items'] = [];
  for (const id of ids) {
    const item = rt.library.get(id);
    if (!item) continue;
    items.push({
      itemId: item.id,
      title: item.title,
      kind: item.kind,
      mediaUrl: libraryMediaUrl(item.file),
      durationMs: item.duration_ms,
    });
  }
  return { jobId: job.id, items };
}

export function jobsHandlers({
  jobsHost,
  retry,
}: Pick<Core, 'jobsHost' | 'retry'>): NamespaceHandlers<'jobs'> {
  const requireJob = (rt: JobsRuntime, id: string): Job => {
    const job = rt.jobs.get(id);
    if (!job) throw appError('not_found', 'errors:jobs.notListed');
    return job;
  };
  return {
    async list() {
      const rt = await jobsHost.runtime();
      return rt.jobs.list().map(toJobView);
    },
    async listUnknown() {
      const rt = await jobsHost.runtime();
      return rt.jobs.foreign().map((f) => ({
        id: f.id,
        label: stripInvisible(f.label),
        why: f.why,
        updatedAt: f.updatedAt,
      }));
    },
    async cancel(_ctx, id) {
      const rt = await jobsHost.runtime();
      requireJob(rt, id);
      const job = await rt.jobs.cancel(id);
      if (!job) throw appError('not_found', 'errors:jobs.notListed');
      return view(rt, job);
    },
    async retry(_ctx, id) {
      const rt = await jobsHost.runtime();
      requireJob(rt, id);
      return view(rt, await retry(id));
    },
    async dismiss(_ctx, id) {
      const rt = await jobsHost.runtime();
      const job = requireJob(rt, id);
      if (job.state !== 'failed' && job.state !== 'cancelled' && job.state !== 'interrupted')
        throw appError('busy', 'errors:jobs.notDismissable');
      await rt.jobs.remove(id);
      return null;
    },
    async redownload(_ctx, id) {
      const rt = await jobsHost.runtime();
      requireJob(rt, id);
      return view(rt, await rt.jobs.redownload(id));
    },
    async checkAgain(_ctx, id) {
      const rt = await jobsHost.runtime();
      requireJob(rt, id);
      return view(rt, await rt.jobs.checkAgain(id));
    },
    async adoptCandidate(_ctx, id, serviceId) {
      const rt = await jobsHost.runtime();
      requireJob(rt, id);
      return view(rt, await rt.jobs.adoptCandidate(id, serviceId));
    },
    async rejectCandidates(_ctx, id) {
      const rt = await jobsHost.runtime();
      requireJob(rt, id);
      return view(rt, await rt.jobs.rejectCandidates(id));
    },
    async openResult(_ctx, id) {
      const rt = await jobsHost.runtime();
      const job = requireJob(rt, id);
      const result = jobResult(rt, job);
      if (result.items.length === 0) {
        throw appError(
          'not_found',
          job.state === 'done' ? 'errors:jobs.filesGone' : 'errors:jobs.noFilesYet',
        );
      }
      return result;
    },
  };
}
