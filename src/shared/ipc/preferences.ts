import { z } from 'zod';
import { invoke } from './define';
import { LANGUAGE_CHOICES, LANGUAGES, PSEUDO_LANGUAGES } from '../i18n/languages';

/**
 * The app's own look and first-run state, kept in settings.json by main: the theme choice
 * ("system" follows the OS light/dark setting), the sidebar, and whether first run was finished
 * or skipped.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export const ThemeChoiceSchema = z.enum(THEME_CHOICES);
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>;

/** The sidebar: icons and names, icons only, or "auto" (icons only in a window under 1100 px). */
export const SIDEBAR_MODES = ['auto', 'expanded', 'collapsed'] as const;
export const SidebarModeSchema = z.enum(SIDEBAR_MODES);
export type SidebarMode = z.infer<typeof SidebarModeSchema>;

/** The language choice: "system" follows the OS's preferred languages (best fit). */
export const LanguageChoiceSchema = z.enum(LANGUAGE_CHOICES);
export type { LanguageChoice } from '../i18n/languages';

export const PreferencesSchema = z.object({
  theme: ThemeChoiceSchema,
  sidebar: SidebarModeSchema,
  /** First run was walked to the end or skipped: it is not shown again. */
  firstRunDone: z.boolean(),
  /** The stored language choice. */
  language: LanguageChoiceSchema,
  /** The language in effect (the choice, or the best fit of the OS's languages). */
  appLanguage: z.enum([...LANGUAGES, ...PSEUDO_LANGUAGES]),
  /** What "system" gives on this computer (Settings names it). */
  systemLanguage: z.enum(LANGUAGES),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const preferencesContract = {
  get: invoke(z.tuple([]), PreferencesSchema),
  /** Saves the theme choice; main also sets the native theme (menus, dialogs, scrollbars). */
  setTheme: invoke(z.tuple([ThemeChoiceSchema]), PreferencesSchema),
  setSidebar: invoke(z.tuple([SidebarModeSchema]), PreferencesSchema),
  /** Saves the language choice; main switches its menus and dialogs at once too. */
  setLanguage: invoke(z.tuple([LanguageChoiceSchema]), PreferencesSchema),
  /** First run is over (finished or skipped). */
  finishFirstRun: invoke(z.tuple([]), PreferencesSchema),
};
