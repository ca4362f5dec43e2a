import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type {
  LanguageChoice,
  Preferences,
  SidebarMode,
  ThemeChoice,
} from '@shared/ipc/preferences';
import { call } from '../bridge';
import { switchLanguage } from '../i18n';

/** The theme choice and first-run state, as main stored them in settings.json. */
export interface PreferencesState {
  /** Null until main answered (the OS theme applies meanwhile; first run waits). */
  preferences: Preferences | null;
  error: AppErrorShape | null;
}

export const usePreferencesStore = create<PreferencesState>()(() => ({
  preferences: null,
  error: null,
}));
const set = (patch: Partial<PreferencesState>): void => usePreferencesStore.setState(patch);

export async function loadPreferences(): Promise<void> {
  const r = await call((api) => api.preferences.get());
  if (r.ok) set({ preferences: r.value, error: null });
  else set({ error: r.error });
}

/** Counts theme choices: only the latest one's answer is applied. */
let themeChoices = 0;

/**
 * Applies the choice at once and saves it; a failed save puts the previous choice back. Two quick
 * choices may be answered out of order: an earlier choice's answer arriving after a later one's
 * is ignored (it would undo the later choice, or clear its error).
 */
export async function chooseTheme(theme: ThemeChoice): Promise<boolean> {
  const mine = ++themeChoices;
  const before = usePreferencesStore.getState().preferences;
  if (before) set({ preferences: { ...before, theme }, error: null });
  const r = await call((api) => api.preferences.setTheme(theme));
  if (mine !== themeChoices) return r.ok;
  if (r.ok) set({ preferences: r.value, error: null });
  else set({ preferences: before, error: r.error });
  return r.ok;
}

/** Counts language choices: when two overlap, the later one wins. */
let choices = 0;

/**
 * Switches the language at once (catalogs fetched on demand, `<html lang>` following) and saves
 * the choice; main switches its menus and dialogs. A failed save puts the previous one back.
 */
export async function chooseLanguage(language: LanguageChoice): Promise<boolean> {
  const mine = ++choices;
  const before = usePreferencesStore.getState().preferences;
  let shown: Promise<void> | undefined;
  if (before) {
    const appLanguage = language === 'system' ? before.systemLanguage : language;
    set({ preferences: { ...before, language, appLanguage }, error: null });
    shown = switchLanguage(appLanguage);
  }
  // saved in the order chosen (not after this choice's catalogs arrive)
  const r = await call((api) => api.preferences.setLanguage(language));
  await shown;
  if (mine !== choices) return r.ok; // a later choice took over: its words and its save win
  if (r.ok) set({ preferences: r.value, error: null });
  else set({ preferences: before, error: r.error });
  const now = usePreferencesStore.getState().preferences;
  if (now) await switchLanguage(now.appLanguage);
  return r.ok;
}

/** Shows the sidebar so at once and saves it (kept as shown even when saving fails this time). */
export async function chooseSidebar(sidebar: SidebarMode): Promise<void> {
  const before = usePreferencesStore.getState().preferences;
  if (before) set({ preferences: { ...before, sidebar } });
  const r = await call((api) => api.preferences.setSidebar(sidebar));
  if (r.ok) set({ preferences: r.value, error: null });
  else set({ error: r.error });
}

/** First run is over (finished or skipped); it stays over even when saving fails this time. */
export async function finishFirstRun(): Promise<void> {
  const before = usePreferencesStore.getState().preferences;
  if (before) set({ preferences: { ...before, firstRunDone: true } });
  const r = await call((api) => api.preferences.finishFirstRun());
  if (r.ok) set({ preferences: r.value, error: null });
  else set({ error: r.error });
}

export function resetPreferencesStore(): void {
  set({ preferences: null, error: null });
}
