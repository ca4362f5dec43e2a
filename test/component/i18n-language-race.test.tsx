/**
 * Two language switches in quick succession (issue 27): the last one wins — the words shown, the
 * saved choice and <html lang> — even when the first one's catalogs are still being fetched when
 * the second (already fetched) one is asked for.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsPanel } from '../../src/renderer/panels/settings';
import {
  chooseLanguage,
  resetPreferencesStore,
  usePreferencesStore,
} from '../../src/renderer/stores/preferences';
import { currentLanguage } from '../../src/renderer/i18n';
import { startMain, TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

afterEach(() => {
  resetPreferencesStore();
});

describe('switching the language twice quickly', () => {
  it('ends in the last language chosen: words, saved choice and <html lang>', async () => {
    const main = await startMain({ key: TEST_KEY });
    await renderMain({ main, panels: [settingsPanel] });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    // German's catalogs fetched once; Japanese's not yet (its switch is the slow one)
    await chooseLanguage('de');
    await chooseLanguage('en');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    const first = chooseLanguage('ja');
    const second = chooseLanguage('de');
    await Promise.all([first, second]);

    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(currentLanguage()).toBe('de');
    expect(usePreferencesStore.getState().preferences?.appLanguage).toBe('de');
    expect(main.core.settings.get().language).toBe('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    // nothing late switches it back
    await new Promise((r) => setTimeout(r, 300));
    expect(document.documentElement.lang).toBe('de');
    expect(currentLanguage()).toBe('de');
    await chooseLanguage('en');
  }, 60_000);
});
