import { useEffect } from 'react';
import type { ThemeChoice } from '@shared/ipc/preferences';
import { usePreferencesStore } from '../stores/preferences';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The palette to show: the choice, or the OS setting for "system" (dark when it cannot be read). */
export function resolveTheme(choice: ThemeChoice, osPrefersDark: boolean | null): ResolvedTheme {
  if (choice !== 'system') return choice;
  return osPrefersDark === false ? 'light' : 'dark';
}

const osPrefersDark = (): boolean | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY).matches : null;

/** Puts the palette on <html data-theme> (styles.css reads it). */
export function applyTheme(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = resolveTheme(choice, osPrefersDark());
}

/**
 * Keeps <html data-theme> on the stored choice; with "system" (and before main answered) it
 * follows the OS setting as it changes.
 */
export function useTheme(): void {
  const choice = usePreferencesStore((s) => s.preferences?.theme ?? 'system');
  useEffect(() => {
    applyTheme(choice);
    if (choice !== 'system' || typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [choice]);
}
