import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Root } from '../../src/renderer/app/App';
import { installBridge } from '../../src/renderer/bridge';
import { panels, type PanelDef } from '../../src/renderer/app/panels';
import { accountPanel } from '../../src/renderer/panels/account';
import { startMain } from './support/main';
import { renderMain } from './support/render-app';

const NoIcon = () => null;
const notesPanel: PanelDef = {
  id: 'notes',
  label: 'Notes',
  Icon: NoIcon,
  Component: () => <h1>Notes</h1>,
};

describe('App frame', () => {
  it('registers the Account panel, once, with unique ids', () => {
    expect(panels.filter((p) => p.id === 'account')).toHaveLength(1);
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
  });

  it('sets appReady only once the account status has loaded', async () => {
    const main = await startMain();
    const release = main.holdNext('account.getStatus');
    installBridge(main.api);
    render(<Root />);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await Promise.resolve();
    expect(document.documentElement.dataset.appReady).toBeUndefined();
    release();
    await waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));
  });

  it('sets appReady even when the status cannot be read, so the failure is visible', async () => {
    const main = await startMain();
    main.throwNext('account.getStatus');
    await renderMain({ main });
    expect(screen.getByRole('alert')).toHaveTextContent("Couldn't read your account settings");
  });

  it('reports a missing bridge instead of crashing', async () => {
    render(<Root />);
    await waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));
    expect(screen.getByRole('alert')).toHaveTextContent('must be opened from the desktop app');
  });

  it('lists the panels in the Main navigation and marks the current one', async () => {
    await renderMain({ panels: [accountPanel, notesPanel] });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const account = screen.getByRole('button', { name: 'Account' });
    expect(nav).toContainElement(account);
    expect(account).toHaveAttribute('aria-current', 'page');
    expect(account).toHaveAttribute('aria-keyshortcuts', 'Control+1');
    expect(screen.getByRole('button', { name: 'Notes' })).not.toHaveAttribute('aria-current');
  });

  it('switches panels with Ctrl+1..9 and by clicking', async () => {
    const { user } = await renderMain({ panels: [accountPanel, notesPanel] });
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();

    await user.keyboard('{Control>}2{/Control}');
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('main')).toHaveFocus();

    await user.keyboard('{Control>}1{/Control}');
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();

    await user.keyboard('{Meta>}2{/Meta}');
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();

    // A digit without a panel does nothing.
    await user.keyboard('{Control>}9{/Control}');
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
  });

  it('opens the Account panel from the key status in the title bar', async () => {
    const { user } = await renderMain({ panels: [notesPanel, accountPanel] });
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No key' }));
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
  });

  it('has a skip link that moves focus to the content', async () => {
    const { user } = await renderMain();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('catches a failing view and offers a reload', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: PanelDef = {
      id: 'broken',
      label: 'Broken',
      Icon: NoIcon,
      Component: () => {
        throw new Error('boom');
      },
    };
    const onReload = vi.fn();
    const user = userEvent.setup();
    installBridge((await startMain()).api);
    render(<Root panels={[broken, accountPanel]} onReload={onReload} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    // The frame survives, so the user can still go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });
});
