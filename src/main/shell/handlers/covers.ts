/**
 * covers:* and videos:* — covers of registered files (the renderer sends handles, never paths),
 * library songs or links; custom singer training from measured links; singing and subtitle videos.
 */
import { summarizeJob } from '@shared/domain/jobs';
import { appError } from '@shared/app-error';
import type { Link } from '@shared/ipc/covers';
import { toJobView } from '@shared/ipc/jobs';
import { resolveLink, type CoverSourceInput } from '../../services/covers';
import type { Core } from '../../services/core';
import type { FileRegistry } from '../../services/files/registry';
import type { NamespaceHandlers } from '../ipc';

export interface CoversHandlerDeps extends Pick<Core, 'covers' | 'videos' | 'jobsHost'> {
  registry: Pick<FileRegistry, 'get'>;
}

export function coversAndVideosHandlers({ covers, videos, jobsHost, ...deps }: CoversHandlerDeps): {
  covers: NamespaceHandlers<'covers'>;
  videos: NamespaceHandlers<'videos'>;
} {
  const links = async (list: readonly Link[]) => {
    const rt = await jobsHost.runtime();
    return list.map((l) => resolveLink(l, rt.library));
  };

  return {
    covers: {
      singers: (_ctx, opts) => covers.singers(opts),
      async create(_ctx, req) {
        let source: CoverSourceInput;
        if (req.source.kind === 'file') {
          const f = deps.registry.get(req.source.handle);
          if (f.kind !== 'audio')
            throw appError('invalid_argument', 'errors:files.notAudio', { name: f.name });
          source = { kind: 'file', path: f.path, handle: f.handle };
        } else source = req.source;
        const job = await covers.cover({
          source,
          singerId: req.singerId,
          isCustomSinger: req.isCustomSinger,
          tranSemitones: req.tranSemitones,
          ...(req.title ? { title: req.title } : {}),
        });
        return toJobView(summarizeJob(job));
      },
      async cancel(_ctx, jobId) {
        return toJobView(summarizeJob(await covers.cancel(jobId)));
      },
      async checkTraining(_ctx, list) {
        return covers.checkTraining(await links(list));
      },
      async train(_ctx, req) {
        return toJobView(
          summarizeJob(await covers.train({ name: req.name, links: await links(req.links) })),
        );
      },
      renameSinger: (_ctx, jobId, name) => covers.renameSinger(jobId, name),
    },
    videos: {
      async checkSinging(_ctx, req) {
        const [audio] = await links([req.audio]);
        return videos.checkSinging({ audio: audio!, imageUrl: req.imageUrl });
      },
      async singing(_ctx, req) {
        const [audio] = await links([req.audio]);
        return toJobView(
          summarizeJob(
            await videos.singing({
              audio: audio!,
              imageUrl: req.imageUrl,
              ...(req.title ? { title: req.title } : {}),
            }),
          ),
        );
      },
      async subtitles(_ctx, req) {
        const [video] = req.video ? await links([req.video]) : [];
        return toJobView(
          summarizeJob(
            await videos.subtitles({
              videoUrl: video?.url ?? req.videoUrl ?? '',
              ...(video?.itemId ? { itemId: video.itemId } : {}),
              ...(req.title ? { title: req.title } : {}),
            }),
          ),
        );
      },
    },
  };
}
