/** analysis:* — an item's waveform peaks (cached) and loudness (kept, else measured now). */
import { itemLoudnessOf } from '@shared/ipc/library';
import type { Core } from '../../services/core';
import type { NamespaceHandlers } from '../ipc';
import { requireItem } from './items';
import { libraryFilePath } from '../../services/files/library-file';

const readablePath = (dir: string, file: string): Promise<string> =>
  libraryFilePath(dir, file, 'errors:linkOutsideLibraryRead');

export interface AnalysisHandlerDeps {
  core: Pick<Core, 'jobsHost' | 'waveforms' | 'loudness'>;
}

export function analysisHandlers(deps: AnalysisHandlerDeps): NamespaceHandlers<'analysis'> {
  const { jobsHost, waveforms, loudness } = deps.core;
  return {
    // confined like every reader of the library: a symlink to audio outside it is not decoded
    async waveform(_ctx, id) {
      const rt = await jobsHost.runtime();
      const item = requireItem(rt, id);
      return waveforms.get(item, await readablePath(rt.library.dir, item.file));
    },
    async waveformWindow(_ctx, id, window) {
      const rt = await jobsHost.runtime();
      const item = requireItem(rt, id);
      return waveforms.window(await readablePath(rt.library.dir, item.file), window);
    },
    async loudness(_ctx, id) {
      return itemLoudnessOf(await loudness.measure(id));
    },
  };
}
