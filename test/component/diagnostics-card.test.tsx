import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import { forwardRendererErrors } from '../../src/renderer/app/error-reporting';
import { DiagnosticsCard } from '../../src/renderer/panels/account/DiagnosticsCard';
import { RENDERER_ERROR_LIMITS, RendererErrorSchema } from '../../src/shared/ipc/diagnostics';
import { startMain, type Main } from './support/main';
import { renderMain } from './support/render-app';

async function renderCard(main?: Main) {
  const m = main ?? (await startMain());
  installBridge(m.api);
  const user = userEvent.setup();
  render(<DiagnosticsCard />);
  return { main: m, user, card: screen.getByRole('region', { name: 'Help with a problem' }) };
}

describe('Help with a problem (diagnostics card)', () => {
  it('is part of the Account panel', async () => {
    await renderMain({ key: 'sk-test-0000000000001234' });
    const card = await screen.findByRole('region', { name: 'Help with a problem' });
    expect(within(card).getByRole('button', { name: 'Copy diagnostic report' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Open logs folder' })).toBeEnabled();
  });

  it('asks main to copy the report and says it was copied', async () => {
    const { main, user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Copy diagnostic report' }));
    expect(main.callsOf('diagnostics.copyReport')).toEqual([[]]);
    expect(
      await within(card).findByText(
        'Diagnostic report copied. Paste it into your message or bug report.',
      ),
    ).toBeInTheDocument();
    // main built the report and put it on the clipboard
    expect(main.double.state.clipboardText).toContain('Cadenza');
  });

  it('disables both buttons while the report is built', async () => {
    const main = await startMain();
    const release = main.holdNext('diagnostics.copyReport');
    const { user, card } = await renderCard(main);
    await user.click(within(card).getByRole('button', { name: 'Copy diagnostic report' }));
    expect(within(card).getByRole('button', { name: 'Copying…' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Open logs folder' })).toBeDisabled();
    release();
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Open logs folder' })).toBeEnabled(),
    );
  });

  it('opens the logs folder, and shows main’s message when it cannot', async () => {
    const { main, user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Open logs folder' }));
    expect(main.callsOf('diagnostics.openLogsFolder')).toEqual([[]]);
    await waitFor(() =>
      expect(main.double.state.openedExternal).toEqual([`path:${main.dirs.data}/logs`]),
    );
    expect(within(card).queryByRole('alert')).toBeNull();

    // the desktop has no file manager for folders: Electron's openPath answers an error string
    const shell = main.double.module.shell as { openPath(path: string): Promise<string> };
    vi.spyOn(shell, 'openPath').mockResolvedValueOnce('No application is registered for folders');
    await user.click(within(card).getByRole('button', { name: 'Open logs folder' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      `Cadenza could not open the logs folder (${main.dirs.data}/logs).`,
    );
  });
});

describe('renderer errors are forwarded to main', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('sends window errors and unhandled rejections, clipped to the contract’s limits', async () => {
    const main = await startMain();
    installBridge(main.api);
    stop = forwardRendererErrors(window);
    const error = new Error('x'.repeat(RENDERER_ERROR_LIMITS.message + 500));
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught Error: boom',
        error,
        filename: 'app.js',
        lineno: 3,
        colno: 7,
      }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new TypeError('cannot read x');
    window.dispatchEvent(rejection);

    await waitFor(() => expect(main.callsOf('diagnostics.reportRendererError')).toHaveLength(2));
    const [[first], [second]] = main.callsOf('diagnostics.reportRendererError') as [
      [unknown],
      [unknown],
    ];
    expect(first).toMatchObject({
      kind: 'error',
      message: 'Uncaught Error: boom',
      source: 'app.js',
      line: 3,
      column: 7,
    });
    expect(second).toMatchObject({
      kind: 'unhandledrejection',
      message: 'TypeError: cannot read x',
    });
    // what crosses IPC passes main's validation (the stack of the long error was clipped)
    for (const sent of [first, second])
      expect(RendererErrorSchema.safeParse(sent).success).toBe(true);
  });
});
