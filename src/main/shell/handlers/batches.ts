/**
 * batches:* — the Batch dialog and list (services/batch; docs/batches.md). The list is read and
 * totalled here; `create` goes through the batch service's budget rule again, so a renderer that
 * skipped the ask still sends nothing: a known total the counter cannot cover is refused, and an
 * ask (over the budget, or no estimate yet) must have been answered.
 */
import {
  BATCH_DEFAULT_CONCURRENCY,
  BATCH_FILE_MAX_BYTES,
  BATCH_MAX_SUBMISSIONS,
} from '@shared/domain/batch';
import type { BatchPreview, BatchSettingsView } from '@shared/ipc/batches';
import { appError } from '@shared/app-error';
import type { Core } from '../../services/core';
import { readRegularText } from '../../services/ground/regular-file';
import type { HandlerContext, NamespaceHandlers } from '../ipc';
import { basename } from 'node:path';

export interface BatchesHandlerDeps {
  core: Pick<Core, 'batches' | 'settings'>;
  /** Main's open dialog for one list file; its path, or null when cancelled. */
  chooseListFile(ctx: HandlerContext): Promise<string | null>;
}

export function batchesHandlers({
  core,
  chooseListFile,
}: BatchesHandlerDeps): NamespaceHandlers<'batches'> {
  const settingsView = (): BatchSettingsView => {
    const b = core.settings.get().batch ?? {};
    return {
      concurrency: b.concurrency ?? BATCH_DEFAULT_CONCURRENCY,
      keepAwake: b.keepAwake ?? true,
    };
  };
  async function preview(text: string, fileName: string | undefined, perPrompt: number) {
    const list = core.batches.check(text, fileName);
    const submissions = list.prompts.length * perPrompt;
    const tooMany = submissions > BATCH_MAX_SUBMISSIONS;
    const usable = list.problems.length === 0 && list.prompts.length > 0 && !tooMany;
    const view: BatchPreview = {
      format: list.format,
      prompts: list.prompts.length,
      problems: list.problems.slice(0, 20).map((p) => ({
        line: p.line,
        key: p.key,
        ...(p.params ? { params: p.params } : {}),
      })),
      problemCount: list.problems.length,
      quote: usable
        ? await core.batches.quote(list.prompts, perPrompt, { askWhenUnknown: true })
        : null,
      tooMany,
      maxSubmissions: BATCH_MAX_SUBMISSIONS,
    };
    return view;
  }
  return {
    preview: (_ctx, { text, fileName, perPrompt }) => preview(text, fileName, perPrompt),
    async pickFile(ctx) {
      const path = await chooseListFile(ctx);
      if (!path) return null;
      const text = await readRegularText(path, BATCH_FILE_MAX_BYTES).catch(() => {
        throw appError('io', 'batch:errors.fileUnreadable', {
          max: BATCH_FILE_MAX_BYTES / 1024 / 1024,
        });
      });
      return { fileName: basename(path), text };
    },
    // the batch service applies the budget rule again (refused, or asked and not answered)
    create: (_ctx, { name, text, fileName, perPrompt, confirmed }) =>
      core.batches.create({
        name,
        text,
        perPrompt,
        spendConfirmed: confirmed,
        ...(fileName ? { fileName } : {}),
      }),
    list: () => core.batches.list(),
    pause: (_ctx, id) => core.batches.pause(id),
    resume: (_ctx, id) => core.batches.resume(id),
    cancel: (_ctx, id) => core.batches.cancel(id),
    sendAgain: (_ctx, id, slot) => core.batches.sendAgain(id, slot),
    skip: (_ctx, id, slot) => core.batches.skip(id, slot),
    settings: () => settingsView(),
    async setSettings(_ctx, patch) {
      await core.settings.update({ batch: patch });
      return settingsView();
    },
  };
}
