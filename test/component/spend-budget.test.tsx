/**
 * The budget guard on a spending button other than Create (issue 32, points 2-3; docs/cost.md):
 * Settings → Spending keeps "ask before spending more than N in one go" per counter; Voice ›
 * Speak then asks with the numbers, Cancel sends nothing (the emulator's log), Send anyway sends
 * once. Training a singer names no counter: its line says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { settingsPanel } from '../../src/renderer/panels/settings';
import { voicePanel } from '../../src/renderer/panels/voices';
import { resetVoicesStore } from '../../src/renderer/stores/voices';
import { startMain, TEST_KEY } from './support/main';
import { renderMain } from './support/render-app';

beforeEach(() => resetVoicesStore());

const spoken = (main: Awaited<ReturnType<typeof startMain>>) =>
  main.emulator.log.filter((e) => e.method === 'POST' && e.path === '/v1/text2speech');

describe('Settings → Spending, and the ask on Speak', () => {
  it('saves a budget per counter; Speak over it asks with the numbers, Cancel sends nothing, Send anyway sends once', async () => {
    const main = await startMain({
      key: TEST_KEY,
      emulator: { counters: { key_words_counts: 500 } },
    });
    const { user } = await renderMain({ main, panels: [voicePanel, settingsPanel] });
    await user.keyboard('{Control>},{/Control}');
    const section = await screen.findByRole('region', { name: 'Spending' });
    const words = within(section).getByLabelText(
      'Text-to-speech words: ask before spending more than',
    );
    await waitFor(() => expect(words).toBeEnabled());
    await user.type(words, 'x');
    expect(within(section).getByText(/Use a whole number from 0 to/)).toBeInTheDocument();
    await user.clear(words);
    await user.type(words, '1');
    await user.click(within(section).getByRole('button', { name: 'Save spending limits' }));
    await within(section).findByText('Saved.');
    expect(main.core.settings.get().spendBudgets).toEqual({ key_words_counts: 1 });

    await user.keyboard('{Control>}1{/Control}');
    await screen.findByRole('button', { name: 'Use Ava' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Use Ava' }));
    await user.type(screen.getByLabelText('Text to speak'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Speak' }));
    const ask = await screen.findByTestId('budget-ask');
    // speech is counted from the text: its own words, not "learned from your key's finished jobs"
    expect(ask).toHaveTextContent(
      /takes 2 .*\(counted from the text, not a price\): more than your budget of 1 in one go/,
    );
    expect(ask).not.toHaveTextContent(/learned|about/);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('budget-ask')).toBeNull());
    expect(spoken(main)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Speak' }));
    await screen.findByTestId('budget-ask');
    await user.click(screen.getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(spoken(main)).toHaveLength(1));
  }, 120_000);
});
