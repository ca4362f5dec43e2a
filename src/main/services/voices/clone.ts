/**
 * Cloning a voice from local recordings (`clone`): the files checked before anything is spent, the
 * upload with its progress, the new voice added to the catalogue, and Retry from the recorded
 * intent (the recordings' handles, never their paths).
 */
import { basename } from 'node:path';
import { failureOf, type Job } from '@shared/domain/jobs';
import { checkFields, CloneFieldsSchema } from '@shared/domain/service-inputs';
import { appError, keyedFields } from '@shared/app-error';
import { refuseFields } from '@shared/errors';
import { englishText, type MessageParams } from '@shared/i18n/english';
import type { CloneFileCheck, UploadProgressEvent } from '@shared/ipc/voices';
import type { VoicesApi } from '../api';
import type { PickedFiles } from '../files/registry';
import type { JobsService } from '../jobs';
import { output } from '../jobs/records';
import { words } from '../words';
import { throttledUploadProgress } from '../jobs/upload-progress';
import type { VoiceCatalogue } from './catalogue';
import { probeCloneFile } from './probe';

/** A recording to check or upload: a main-side path (from the file registry or the CLI). */
export interface LocalRecording {
  path: string;
  name: string;
  sizeBytes: number;
  /** The file registry's handle, when it was picked or dropped in the app (what Retry finds it by). */
  handle?: string;
}

/** What a clone job records of a recording: never its path (Retry finds it by its handle). */
interface RecordedRecording {
  handle: string | null;
  name: string;
  sizeBytes: number;
}

export interface CloningDeps {
  client(): { readonly baseUrl: string; readonly voices: Pick<VoicesApi, 'clone'> };
  jobs(): Promise<JobsService>;
  catalogue: VoiceCatalogue;
  /** Files picked or dropped in this session, by handle (what a clone's Retry finds them by). */
  files?: PickedFiles | undefined;
  uploadProgress(event: UploadProgressEvent): void;
}

export function createCloning(deps: CloningDeps) {
  async function checkRecordings(
    files: readonly LocalRecording[],
  ): Promise<Array<Omit<CloneFileCheck, 'handle' | 'mimeType'>>> {
    return Promise.all(
      files.map(async (f) => {
        const p = await probeCloneFile(f.path, f.sizeBytes);
        return {
          name: f.name,
          sizeBytes: f.sizeBytes,
          durationMs: p.durationMs,
          problem: p.problem,
          ...(p.problemKey ? { problemKey: p.problemKey } : {}),
        };
      }),
    );
  }

  /** Uploads the recordings as a clone job; refuses before spending when a check fails. */
  async function clone(input: {
    name: string;
    description?: string;
    files: readonly LocalRecording[];
  }): Promise<Job> {
    const { fields, fieldKeys } = checkFields(CloneFieldsSchema, {
      name: input.name,
      description: input.description,
      fileCount: input.files.length,
    });
    const checks = await checkRecordings(input.files);
    const bad = checks.find((c) => c.problem);
    if (bad && !fields.files) {
      // "take.wav: The file is empty.": the file's problem inside a sentence, by its key
      const params: MessageParams = {
        ...(bad.problemKey ? { ...bad.problemKey.params, reasonKey: bad.problemKey.key } : {}),
        file: bad.name,
        reason: bad.problem!,
      };
      fields.files = englishText('errors:clone.fileProblem', params);
      fieldKeys.files = { key: 'errors:clone.fileProblem', params };
    }
    refuseFields(fields, englishText('errors:clone.summary'), {
      fieldKeys,
      summaryKey: 'errors:clone.summary',
    });
    const jobs = await deps.jobs();
    const name = input.name.trim();
    const description = input.description?.trim() ?? '';
    const paths = input.files.map((f) => f.path);
    const recorded: RecordedRecording[] = input.files.map((f) => ({
      handle: f.handle ?? null,
      name: f.name,
      sizeBytes: f.sizeBytes,
    }));
    // the clones this key had before: if the call is cut off, they are not the voice it made
    const knownClones = await deps.catalogue.knownClones();
    let jobId = '';
    const job = await jobs.submit(
      {
        kind: 'clone',
        synchronous: true,
        // the intent (no path: main reads only files picked in this session), for Retry
        request: { name, description, files: recorded, knownClones },
        label: words('main:title.cloneJob', { name }),
        meta: { voice: name },
      },
      async (signal) => {
        const client = deps.client();
        const res = await client.voices.clone(
          { name, description, files: paths },
          { signal, onProgress: throttledUploadProgress(() => jobId, deps.uploadProgress) },
        );
        await deps.catalogue.addClone(client.baseUrl, {
          speaker: res.speaker,
          name,
          ...(description ? { description } : {}),
        });
        return {
          outputs: [
            output({ serviceId: res.speaker, status: 'saved', libraryKind: null, title: name }),
          ],
          raw: res.raw,
          meta: { voice: res.speaker },
        };
      },
    );
    jobId = job.id;
    return job;
  }

  /**
   * Retry of a clone job (the user asked): the recorded request's files are checked and uploaded
   * again through clone(), with its progress and catalogue update.
   */
  async function cloneAgain(request: Record<string, unknown>): Promise<Job> {
    const files = Array.isArray(request.files) ? (request.files as unknown[]) : [];
    const recordings = files.map((f): LocalRecording => {
      // records of earlier versions kept the path: it is not read back (a record is not a pick)
      const rec =
        typeof f === 'string'
          ? { handle: null, name: basename(f) }
          : (f as Partial<RecordedRecording>);
      const name = typeof rec.name === 'string' ? rec.name : 'a recording';
      const picked = typeof rec.handle === 'string' ? deps.files?.resolve(rec.handle) : undefined;
      if (!picked || picked.kind !== 'audio')
        throw appError(
          'not_found',
          'errors:voices.pickAgain',
          { name },
          keyedFields({ files: { key: 'errors:fields.pickRecordingsAgain' } }),
        );
      return {
        path: picked.path,
        name: picked.name,
        sizeBytes: picked.sizeBytes,
        handle: rec.handle as string,
      };
    });
    return clone({
      name: typeof request.name === 'string' ? request.name : '',
      ...(typeof request.description === 'string' ? { description: request.description } : {}),
      files: recordings,
    });
  }

  /** Waits for a clone job; answers the new voice's speaker id. */
  async function finishClone(jobId: string): Promise<string> {
    const done = await (await deps.jobs()).waitFor(jobId);
    if (done.state !== 'done') throw failureOf(done);
    const speaker = done.serviceIds[0] ?? done.meta.voice;
    if (!speaker) throw appError('bad_response', 'errors:voices.unnamed');
    await deps.catalogue.catalogue({ refresh: true }).catch(() => undefined);
    return speaker;
  }

  async function cancelClone(jobId: string): Promise<Job> {
    const jobs = await deps.jobs();
    const job = jobs.get(jobId);
    if (!job || job.kind !== 'clone') throw appError('not_found', 'errors:uploadGone');
    return (await jobs.cancel(jobId)) ?? job;
  }

  return { checkRecordings, clone, cloneAgain, finishClone, cancelClone };
}
