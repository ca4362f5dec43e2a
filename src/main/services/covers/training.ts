/**
 * Singers for covers: the service's built-in list and the custom singers trained on this computer
 * (kept by name in `CustomSingerStore`), and training one: the links measured (5–45 minutes in
 * total) before anything is sent, the job tracked, the singer added to the list; Retry of a
 * training measures and sends the recorded links again through the same `train`.
 */
import { failureOf, type Job } from '@shared/domain/jobs';
import { checkFields, TrainSingerRulesSchema } from '@shared/domain/service-inputs';
import { TRAINING_AUDIO_MAX_S, TRAINING_AUDIO_MIN_S } from '@shared/domain/service-limits';
import { appError } from '@shared/app-error';
import { AppError, toErrorShape, refuseFields, type KeyedMessage } from '@shared/errors';
import { englishText, type MessageParams } from '@shared/i18n/english';
import type { Link, SingerOption, Singers, TrainingCheck } from '@shared/ipc/covers';
import { output } from '../jobs/records';
import { words } from '../words';
import type { Measurement } from './measure';
import type { CoversServiceDeps } from './service';
import {
  linkIntent,
  measuredView,
  minutesSeconds,
  recordedLink,
  resolveLink,
  withRawMessage,
  type ResolvedLink,
} from './shared';
import { BuiltInSingerStore, CustomSingerStore } from './singers';

/** A check's problem: its English words and its key (said in the app's language). */
const problemOf = (key: string, params: MessageParams = {}) => ({
  problem: englishText(key, params),
  problemKey: Object.keys(params).length > 0 ? { key, params } : { key },
});

export function createSingerTraining(
  deps: Pick<CoversServiceDeps, 'dataDir' | 'client' | 'runtime'> & {
    measure: (urls: readonly string[]) => Promise<Measurement[]>;
  },
) {
  const store = new CustomSingerStore(deps.dataDir);
  const kept = new BuiltInSingerStore(deps.dataDir);
  const measure = deps.measure;
  let builtIn: { baseUrl: string; list: SingerOption[]; fetchedAt: string } | undefined;

  const optionsOf = (list: readonly { id: string; name: string }[]): SingerOption[] =>
    list.map((s) => ({ id: s.id, name: s.name, custom: false, state: 'ready', jobId: null }));

  async function customSingers(): Promise<SingerOption[]> {
    const baseUrl = deps.client().baseUrl;
    const records = (await store.list()).filter((r) => r.baseUrl === baseUrl);
    if (records.length === 0) return [];
    const rt = await deps.runtime();
    const out: SingerOption[] = [];
    for (const r of records) {
      const job = rt.jobs.get(r.jobId);
      const taskId = r.taskId ?? job?.serviceIds[0] ?? null;
      if (taskId && !r.taskId) await store.update(r.jobId, { taskId });
      const state: SingerOption['state'] = !job
        ? taskId
          ? 'ready'
          : 'failed'
        : job.state === 'done'
          ? 'ready'
          : job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted'
            ? 'failed'
            : 'training';
      out.push({ id: taskId, name: r.name, custom: true, state, jobId: r.jobId });
    }
    return out;
  }

  async function singers(opts: { refresh?: boolean } = {}): Promise<Singers> {
    const client = deps.client();
    let error: Singers['error'] = null;
    if (opts.refresh || !builtIn || builtIn.baseUrl !== client.baseUrl) {
      try {
        const list = await client.covers.singers();
        const fetchedAt = new Date().toISOString();
        builtIn = { baseUrl: client.baseUrl, list: optionsOf(list), fetchedAt };
        const toKeep = list.map((s) => ({ id: s.id, name: s.name }));
        await kept
          .write({ schema_version: 1, baseUrl: client.baseUrl, fetchedAt, singers: toKeep })
          .catch(() => undefined); // not kept: the next start asks the service again
      } catch (e) {
        error = toErrorShape(e);
        // the service cannot be asked: the last list read from it, with when it was read
        if (builtIn?.baseUrl !== client.baseUrl) {
          const last = await kept.read(client.baseUrl);
          if (last)
            builtIn = {
              baseUrl: last.baseUrl,
              list: optionsOf(last.singers),
              fetchedAt: last.fetchedAt,
            };
        }
      }
    }
    const custom = await customSingers();
    const known = builtIn?.baseUrl === client.baseUrl ? builtIn : undefined;
    return {
      singers: [...custom, ...(known?.list ?? [])],
      error,
      fetchedAt: known?.fetchedAt ?? null,
    };
  }

  async function singerName(singerId: string, custom: boolean): Promise<string> {
    const known = builtIn?.list.find((s) => s.id === singerId);
    if (!custom && known) return known.name;
    if (custom) {
      const rec = (await customSingers()).find((s) => s.id === singerId);
      if (rec) return rec.name;
    }
    return words(custom ? 'main:title.customSinger' : 'main:title.singer', { id: singerId });
  }

  /** Measures every link (headers only) and says whether training may start. */
  async function checkTraining(links: readonly ResolvedLink[]): Promise<TrainingCheck> {
    if (links.length === 0)
      return { links: [], totalS: null, ...problemOf('errors:training.noLinks') };
    const measured = await measure(links.map((l) => l.url));
    const views = measured.map((m, i) => measuredView(links[i]!.label, m));
    const bad = measured.findIndex(
      (m) => m.problem !== null || m.kind !== 'audio' || m.durationS === null,
    );
    if (bad >= 0) {
      const m = measured[bad]!;
      const why = m.problem ?? englishText('errors:training.notMeasurable');
      // the measurement's own key (a refusal of the link's address: the policy's key)
      const whyKey =
        m.problemKey?.key === 'errors:measure.because'
          ? typeof m.problemKey.params?.reasonKey === 'string'
            ? { key: m.problemKey.params.reasonKey, params: m.problemKey.params }
            : undefined
          : (m.problemKey ?? (m.problem ? undefined : { key: 'errors:training.notMeasurable' }));
      return {
        links: views,
        totalS: null,
        ...problemOf('errors:training.linkProblem', {
          ...(whyKey ? { ...whyKey.params, reasonKey: whyKey.key } : {}),
          label: links[bad]!.label,
          reason: why.replace(/^Could not measure this link: /, 'could not be measured: '),
        }),
      };
    }
    const totalS = measured.reduce((n, m) => n + (m.durationS ?? 0), 0);
    const outside = totalS < TRAINING_AUDIO_MIN_S || totalS > TRAINING_AUDIO_MAX_S;
    return {
      links: views,
      totalS,
      ...(outside
        ? problemOf('errors:training.totalLength', {
            min: TRAINING_AUDIO_MIN_S / 60,
            max: TRAINING_AUDIO_MAX_S / 60,
            length: minutesSeconds(totalS),
          })
        : { problem: null }),
    };
  }

  /** Measures the links, refuses outside 5–45 minutes, then starts training as a tracked job. */
  async function train(input: { name: string; links: readonly ResolvedLink[] }): Promise<Job> {
    const name = input.name.trim();
    const urls = input.links.map((l) => l.url);
    const checked = checkFields(TrainSingerRulesSchema, { urls });
    const fields: Record<string, string> = {};
    const fieldKeys: Record<string, KeyedMessage> = {};
    if (!name) {
      fields.name = englishText('errors:training.noName');
      fieldKeys.name = { key: 'errors:training.noName' };
    }
    Object.assign(fields, checked.fields);
    Object.assign(fieldKeys, checked.fieldKeys);
    refuseFields(fields, englishText('errors:training.summary'), {
      fieldKeys,
      summaryKey: 'errors:training.summary',
    });
    const check = await checkTraining(input.links);
    if (check.problem || check.totalS === null) {
      // the measurement's words, by key; without them, that the links were not measured
      const keyed = check.problemKey ?? { key: 'errors:covers.linksUnmeasured' };
      throw new AppError('validation', check.problem ?? 'The links could not be measured.', {
        fields: { urls: check.problem ?? '' },
        key: keyed.key,
        ...(keyed.params ? { params: keyed.params } : {}),
        fieldKeys: { urls: keyed },
      });
    }
    const rt = await deps.runtime();
    const totalAudioDurationS = check.totalS;
    const job = await rt.jobs.submit(
      {
        kind: 'custom-singer',
        synchronous: false,
        tracking: 'custom-singer',
        // `links` is the intent Retry measures and sends again (trainAgain); urls as sent
        request: { name, links: input.links.map(linkIntent), urls, totalAudioDurationS },
        label: words('main:title.singerJob', { name }),
        meta: { singer: name },
      },
      async (signal) => {
        try {
          const task = await deps
            .client()
            .covers.trainSinger({ urls, totalAudioDurationS }, { signal });
          const status =
            task.status === 'complete' ? 'saved' : task.status === 'failed' ? 'failed' : 'queued';
          return {
            outputs: [output({ serviceId: task.id, status, libraryKind: null, title: name })],
            raw: task.raw,
            meta: { singer: name },
          };
        } catch (e) {
          throw withRawMessage(e);
        }
      },
    );
    await store.add({ jobId: job.id, name, baseUrl: deps.client().baseUrl });
    return job;
  }

  /**
   * Retry of a training: the recorded links (library items resolved again) measured and sent
   * through train(), so the singer is added to the list like the first time.
   */
  async function trainAgain(request: Record<string, unknown>): Promise<Job> {
    const rt = await deps.runtime();
    const list: unknown[] = Array.isArray(request.links)
      ? request.links
      : Array.isArray(request.urls)
        ? request.urls
        : [];
    const recorded = list.map(recordedLink).filter((l): l is Link => l !== null);
    return train({
      name: typeof request.name === 'string' ? request.name : '',
      links: recorded.map((l) => resolveLink(l, rt.library)),
    });
  }

  /** Waits for a training job; answers the singer (its id is what covers send). */
  async function finishTraining(jobId: string): Promise<SingerOption> {
    const rt = await deps.runtime();
    const done = await rt.jobs.waitFor(jobId);
    if (done.state !== 'done') throw failureOf(done);
    const singer = (await customSingers()).find((s) => s.jobId === jobId);
    if (!singer?.id) throw appError('bad_response', 'errors:covers.singerUnnamed');
    return singer;
  }

  return {
    singers,
    singerName,
    checkTraining,
    train,
    trainAgain,
    finishTraining,
    async renameSinger(jobId: string, name: string): Promise<Singers> {
      await store.update(jobId, { name: name.trim() });
      return singers();
    },
  };
}
