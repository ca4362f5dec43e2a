/**
 * voices:* — the voice browser, favourites, previews through main's media cache, text-to-speech
 * takes and cloning from registered files (the renderer sends handles, never paths).
 */
import { summarizeJob } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import { toJobView } from '@shared/ipc/jobs';
import type { FileRegistry } from '../../services/files/registry';
import type { VoicesService } from '../../services/voices';
import type { NamespaceHandlers } from '../ipc';

export interface VoicesHandlerDeps {
  voices: VoicesService;
  registry: Pick<FileRegistry, 'get'>;
}

export function voicesHandlers({
  voices,
  ...deps
}: VoicesHandlerDeps): NamespaceHandlers<'voices'> {
  const recordings = (handles: readonly string[]) =>
    handles.map((h) => {
      const f = deps.registry.get(h);
      if (f.kind !== 'audio')
        throw appError('invalid_argument', 'errors:files.notRecording', { name: f.name });
      return {
        handle: f.handle,
        mimeType: f.mimeType,
        path: f.path,
        name: f.name,
        sizeBytes: f.sizeBytes,
      };
    });

  return {
    catalogue: (_ctx, opts) => voices.catalogue(opts),
    prefs: () => voices.prefs(),
    setFavourite: (_ctx, speaker, on) => voices.setFavourite(speaker, on),
    deleteClone: (_ctx, speaker) => voices.deleteClone(speaker),
    media: (_ctx, speaker, which) => voices.mediaUrl(speaker, which),
    async speak(_ctx, request) {
      return toJobView(summarizeJob(await voices.speak(request)));
    },
    async checkFiles(_ctx, handles) {
      const files = recordings(handles);
      const checks = await voices.checkRecordings(files);
      return checks.map((c, i) => ({
        ...c,
        handle: files[i]!.handle,
        mimeType: files[i]!.mimeType,
      }));
    },
    async clone(_ctx, request) {
      const files = recordings(request.files);
      const job = await voices.clone({
        name: request.name,
        ...(request.description !== undefined ? { description: request.description } : {}),
        files,
      });
      return toJobView(summarizeJob(job));
    },
    async cancelClone(_ctx, jobId) {
      return toJobView(summarizeJob(await voices.cancelClone(jobId)));
    },
  };
}
