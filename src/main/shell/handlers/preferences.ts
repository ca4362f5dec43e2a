/**
 * preferences:* — the theme (also applied to the native theme), the sidebar, the language (main's
 * menus and dialogs follow at once), the end of first run.
 */
import type { Preferences, ThemeChoice } from '@shared/ipc/preferences';
import type { Settings, SettingsStore } from '../../services/contracts';
import type { NamespaceHandlers } from '../ipc';
import { applyLanguageChoice, systemLanguage } from '../i18n';

export interface PreferencesDeps {
  settings: SettingsStore;
  /** Electron's nativeTheme.themeSource, so menus, dialogs and scrollbars follow the choice. */
  applyTheme(theme: ThemeChoice): void;
}

export const preferencesOf = (s: Settings): Preferences => ({
  theme: s.theme ?? 'system',
  sidebar: s.sidebar ?? 'auto',
  firstRunDone: s.firstRunDone ?? false,
  language: s.language ?? 'system',
  appLanguage: applyLanguageChoice(s.language),
  systemLanguage: systemLanguage(),
});

export function preferencesHandlers(deps: PreferencesDeps): NamespaceHandlers<'preferences'> {
  return {
    get: () => preferencesOf(deps.settings.get()),
    async setTheme(_ctx, theme) {
      const saved = await deps.settings.update({ theme });
      deps.applyTheme(theme);
      return preferencesOf(saved);
    },
    setSidebar: async (_ctx, sidebar) => preferencesOf(await deps.settings.update({ sidebar })),
    setLanguage: async (_ctx, language) => preferencesOf(await deps.settings.update({ language })),
    finishFirstRun: async () => preferencesOf(await deps.settings.update({ firstRunDone: true })),
  };
}
