import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '@shared/defaults';
import { FakeCadenza } from './support/fake-cadenza';
import { renderApp } from './support/render-app';

const KEY = 'sk-test-5c1e4f0b9a7d3e2f1234';

describe('Account panel: the service address', () => {
  it('shows the current address', async () => {
    await renderApp();
    expect(screen.getByRole('textbox', { name: 'Service address' })).toHaveValue(DEFAULT_BASE_URL);
  });

  it('explains an address that is not allowed next to the field, without asking main', async () => {
    const { fake, user } = await renderApp();
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'http://api.example.com');
    await user.click(screen.getByRole('button', { name: 'Change address' }));

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Use https.'));
    expect(fake.callsOf('account.setServiceAddress')).toHaveLength(0);
  });

  it("shows main's validation message by the field", async () => {
    const fake = new FakeCadenza();
    fake.failNext('account.setServiceAddress', {
      code: 'validation',
      message: 'That address could not be used.',
      fields: { address: 'Nothing at this address answers like the service.' },
    });
    const { user } = await renderApp({ fake });
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'https://elsewhere.example{Enter}');

    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Nothing at this address answers like the service.'),
    );
    expect(field).toHaveValue('https://elsewhere.example');
    expect(fake.callsOf('account.setServiceAddress')).toEqual([['https://elsewhere.example']]);
  });

  it('keeps the old address, silently, when the change is cancelled in the dialog', async () => {
    const fake = new FakeCadenza({ key: KEY });
    fake.addressDialog = 'cancel';
    const { user } = await renderApp({ fake });
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'https://elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Change address' }));

    await waitFor(() => expect(field).toHaveValue(DEFAULT_BASE_URL));
    expect(fake.callsOf('account.setServiceAddress')).toHaveLength(1);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Key ending in 1234')).toBeInTheDocument();
  });

  it('changes the address after confirmation and asks for the key again', async () => {
    const fake = new FakeCadenza({ key: KEY });
    const { user } = await renderApp({ fake });
    const field = screen.getByRole('textbox', { name: 'Service address' });
    await user.clear(field);
    await user.type(field, 'http://127.0.0.1:8787{Enter}');

    expect(await screen.findByText('Add your API key to start creating')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Service address' })).toHaveValue(
      'http://127.0.0.1:8787',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Enter your API key for the new address');
    expect(fake.state.baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('refuses to "change" to the same address', async () => {
    const { fake, user } = await renderApp();
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    expect(screen.getByRole('textbox', { name: 'Service address' })).toHaveAccessibleDescription(
      expect.stringContaining('This is already the service address.'),
    );
    expect(fake.callsOf('account.setServiceAddress')).toHaveLength(0);
  });
});
