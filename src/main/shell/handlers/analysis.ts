/** analysis:* — an item's waveform peaks (cached) and loudness (kept, else measured now). */
import { itemLoudnessOf } from '@shared/ipc/library';
import type { Core } from '../../services/core';
import type { NamespaceHandlers } from '../ipc';
import { requireItem } from './items';

export interface AnalysisHandlerDeps {
  core: Pick<Core, 'jobsHost' | 'waveforms' | 'loudness'>;
}

export function analysisHandlers(deps: AnalysisHandlerDeps): NamespaceHandlers<'analysis'> {
  const { jobsHost, waveforms, loudness } = deps.core;
  return {
    async waveform(_ctx, id) {
      const rt = await jobsHost.runtime();
      const item = requireItem(rt, id);
      return waveforms.get(item, rt.library.pathOf(item));
    },
    async waveformWindow(_ctx, id, window) {
      const rt = await jobsHost.runtime();
      return waveforms.window(rt.library.pathOf(requireItem(rt, id)), window);
    },
    async loudness(_ctx, id) {
      return itemLoudnessOf(await loudness.measure(id));
    },
  };
}
