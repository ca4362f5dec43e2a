import { useEffect } from 'react';
import { bridge } from '../bridge';
import { runEditCommand } from '../lib/edit-commands';
import type { PanelDef } from '../panels/types';

/** The digit of Ctrl/Cmd+1..9 (1-based), or null for any other key. */
export function panelShortcutDigit(event: KeyboardEvent): number | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const fromCode = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1];
  const digit = fromCode ?? (/^[1-9]$/.test(event.key) ? event.key : undefined);
  return digit ? Number(digit) : null;
}

/** Ctrl/Cmd+, (the usual settings shortcut on every platform). */
export const isSettingsShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key === ',';

/**
 * Ctrl/Cmd+1..9 open the first nine panels, Ctrl/Cmd+, and the menu's Settings item open Settings
 * (not while a modal dialog is open); the menu's Edit › Undo and Select All run where the focus is.
 */
export function usePanelShortcuts(panels: readonly PanelDef[], open: (id: string) => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const digit = panelShortcutDigit(event);
      const settings = isSettingsShortcut(event);
      if ((digit === null && !settings) || document.querySelector('[aria-modal="true"]')) return;
      const panel = settings ? panels.find((p) => p.id === 'settings') : panels[(digit ?? 0) - 1];
      if (!panel) return;
      event.preventDefault();
      open(panel.id);
    };
    window.addEventListener('keydown', onKeyDown);
    let offMenu = (): void => undefined;
    let offEdit = (): void => undefined;
    try {
      offMenu = bridge().on.openSettings(() => {
        const panel = panels.find((p) => p.id === 'settings');
        if (panel && !document.querySelector('[aria-modal="true"]')) open(panel.id);
      });
      offEdit = bridge().on.menuEdit(runEditCommand);
    } catch {
      // no bridge (a page opened outside the app): the keys still work
    }
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      offMenu();
      offEdit();
    };
  }, [panels, open]);
}
