import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountPanel } from '../../src/renderer/panels/account';
import { settingsPanel } from '../../src/renderer/panels/settings';
import { resetPreferencesStore } from '../../src/renderer/stores/preferences';
import { renderMain } from './support/render-app';

afterEach(() => resetPreferencesStore());

describe('Sidebar', () => {
  it('hides and shows the panel names by keyboard; the choice is saved and names stay accessible', async () => {
    const { main, user } = await renderMain({ panels: [accountPanel, settingsPanel] });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hide = await within(nav).findByRole('button', { name: 'Hide panel names' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');

    hide.focus();
    await user.keyboard('{Enter}');
    const show = await within(nav).findByRole('button', { name: 'Show panel names' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(nav).toHaveClass('sidebar-collapsed');
    expect(main.callsOf('preferences.setSidebar')).toEqual([['collapsed']]);
    await waitFor(() => expect(main.core.settings.get().sidebar).toBe('collapsed'));
    // icons only, but each button keeps its name (and a tooltip)
    expect(within(nav).getByRole('button', { name: /Settings/ })).toHaveAttribute(
      'title',
      'Settings',
    );

    await user.click(show);
    expect(main.callsOf('preferences.setSidebar')).toEqual([['collapsed'], ['expanded']]);
    await waitFor(() => expect(main.core.settings.get().sidebar).toBe('expanded'));
    expect(nav).not.toHaveClass('sidebar-collapsed');
  });

  it('starts with icons only when that was saved', async () => {
    await renderMain({ settings: { sidebar: 'collapsed' }, panels: [accountPanel] });
    expect(await screen.findByRole('button', { name: 'Show panel names' })).toBeInTheDocument();
  });
});
