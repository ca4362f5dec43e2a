import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startMain } from './support/main';
import { renderMain } from './support/render-app';

const KEY = 'sk-test-5c1e4f0b9a7d3e2f1234';

describe('Account panel: the service address', () => {
  it('shows the current address', async () => {
    const { main } = await renderMain();
    expect(screen.getByRole('textbox', { name: 'Service address' })).toHaveValue(main.emulator.url);
  });

  it('explains an address that is not allowed next to the field, without asking main', async () => {
    const { main, user } = await renderMain();
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'http://api.example.com');
    await user.click(screen.getByRole('button', { name: 'Change address' }));

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Use https.'));
    expect(main.callsOf('account.setServiceAddress')).toHaveLength(0);
  });

  it("shows main's failure by the field, keeping what was typed", async () => {
    const main = await startMain();
    main.throwNext('account.setServiceAddress');
    const { user } = await renderMain({ main });
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'https://elsewhere.example{Enter}');

    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Something went wrong'));
    expect(field).toHaveValue('https://elsewhere.example');
    expect(main.callsOf('account.setServiceAddress')).toEqual([['https://elsewhere.example']]);
    expect(main.core.settings.baseUrl()).toBe(main.emulator.url);
  });

  it('keeps the old address, silently, when the change is cancelled in the dialog', async () => {
    // main's confirmation dialog is answered Cancel (the double's default for a message box)
    const { main, user } = await renderMain({ key: KEY });
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'https://elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Change address' }));

    await waitFor(() => expect(field).toHaveValue(main.emulator.url));
    expect(main.double.dialogs.calls.map((c) => c.method)).toEqual(['showMessageBox']);
    expect(main.callsOf('account.setServiceAddress')).toHaveLength(1);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Key ending in 1234')).toBeInTheDocument();
  });

  it('changes the address after confirmation and asks for the key again', async () => {
    const main = await startMain({ key: KEY });
    main.double.dialogs.answerMessageBox(0); // main's confirmation: change it
    const { user } = await renderMain({ main });
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'http://127.0.0.1:8787{Enter}');

    expect(await screen.findByText('Add your API key to start creating')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Service address' })).toHaveValue(
      'http://127.0.0.1:8787',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Enter your API key for the new address');
    expect(main.core.settings.baseUrl()).toBe('http://127.0.0.1:8787');
  });

  it('refuses to "change" to the same address', async () => {
    const { main, user } = await renderMain();
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    expect(screen.getByRole('textbox', { name: 'Service address' })).toHaveAccessibleDescription(
      expect.stringContaining('This is already the service address.'),
    );
    expect(main.callsOf('account.setServiceAddress')).toHaveLength(0);
  });
});
