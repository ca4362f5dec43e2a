/** player:* — the levelling setting, kept in main's settings store. */
import { DEFAULT_LEVELLING, type Levelling } from '@shared/domain/loudness';
import type { Settings, SettingsStore } from '../../services/contracts';
import type { NamespaceHandlers } from '../ipc';

export const levellingOf = (s: Settings): Levelling => ({
  enabled: s.levelLoudness ?? DEFAULT_LEVELLING.enabled,
  targetLufs: s.loudnessTargetLufs ?? DEFAULT_LEVELLING.targetLufs,
});

export function playerHandlers(settings: SettingsStore): NamespaceHandlers<'player'> {
  return {
    levelling: () => levellingOf(settings.get()),
    async setLevelling(_ctx, patch) {
      const saved = await settings.update({
        ...(patch.enabled !== undefined ? { levelLoudness: patch.enabled } : {}),
        ...(patch.targetLufs !== undefined ? { loudnessTargetLufs: patch.targetLufs } : {}),
      });
      return levellingOf(saved);
    },
  };
}
