/**
 * presets:* and rhymes:* — the Songs composer's style presets (services/presets; import and
 * export through main's file dialogs, so files are read only where the creator pointed) and the
 * lyrics workspace's rhyme helper (services/rhymes).
 */
import type { Core } from '../../services/core';
import type { HandlerContext, NamespaceHandlers } from '../ipc';

export interface PresetDialogs {
  /** The presets file to import, or null when cancelled. */
  chooseImport(ctx: HandlerContext): Promise<string | null>;
  /** Where to export the presets, or null when cancelled. */
  chooseExport(ctx: HandlerContext): Promise<string | null>;
}

export function presetsHandlers(
  { presets }: Pick<Core, 'presets'>,
  dialogs: PresetDialogs,
): NamespaceHandlers<'presets'> {
  return {
    list: () => presets.list(),
    save: (_ctx, input) => presets.save(input),
    async remove(_ctx, id) {
      await presets.remove(id);
      return null;
    },
    async importFile(ctx) {
      const path = await dialogs.chooseImport(ctx);
      return path ? presets.importFrom(path) : null;
    },
    async exportFile(ctx) {
      const path = await dialogs.chooseExport(ctx);
      return path ? presets.exportTo(path) : null;
    },
  };
}

export function rhymesHandlers({ rhymes }: Pick<Core, 'rhymes'>): NamespaceHandlers<'rhymes'> {
  return { find: (_ctx, word) => rhymes.find(word) };
}
