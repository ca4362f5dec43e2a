/**
 * Loudness levelling in the one player: each library item plays at the target loudness, by
 * lowering the engine's volume (howler's html5 element cannot boost, so a quieter item plays as it
 * is), and the "Level loudness" setting in Settings → Playback turns it off and on at once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/ipc/library';
import { libraryPanel } from '../../src/renderer/panels/library';
import { settingsPanel } from '../../src/renderer/panels/settings';
import { installEngineFactory } from '../../src/renderer/playback/engine';
import { resetLevellingStore } from '../../src/renderer/playback/levelling';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { playEntries, resetPlayerStore, toQueueEntry } from '../../src/renderer/stores/player';
import { resetPreferencesStore } from '../../src/renderer/stores/preferences';
import { FakeCadenza, makeLibraryItem } from './support/fake-cadenza';
import { fakeEngines } from './support/fake-engine';
import { renderApp } from './support/render-app';

const item = (n: number, title: string): LibraryItemView =>
  makeLibraryItem({
    id: `itm_${String(n).padStart(10, '0')}`,
    title,
    file: `${title}.mp3`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 10 - n)).toISOString(),
    durationMs: 120_000,
  });

const loud = item(1, 'Loud');
const quiet = item(2, 'Quiet');
const unmeasured = item(3, 'Unmeasured');

let engines: ReturnType<typeof fakeEngines>;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('cadenza.player.volume', '0.8');
  engines = fakeEngines();
  installEngineFactory(engines.factory);
});
afterEach(() => {
  resetPlayerStore();
  resetLibraryStore();
  resetLevellingStore();
  resetPreferencesStore();
  installEngineFactory(undefined);
});

function fakeWithLoudness(): FakeCadenza {
  const fake = new FakeCadenza({ libraryItems: [loud, quiet, unmeasured] });
  // 6 LU over the −14 LUFS target; 6 LU under it; the third is not measured (e.g. AAC)
  fake.library.loudness[loud.id] = { integratedLufs: -8, truePeakDb: -0.3 };
  fake.library.loudness[quiet.id] = { integratedLufs: -20, truePeakDb: -9 };
  return fake;
}

const dbToGain = (db: number): number => 10 ** (db / 20);

describe('Loudness levelling in the player', () => {
  it('turns each item down to the target by its own measurement, never up, and keeps the user volume apart', async () => {
    const fake = fakeWithLoudness();
    const { user } = await renderApp({ fake, panels: [libraryPanel, settingsPanel] });
    await act(() => playEntries([loud, quiet, unmeasured].map((i) => toQueueEntry(i))));
    // the loud item starts already levelled: 0.8 × 10^(−6/20)
    expect(fake.callsOf('analysis.loudness')).toEqual([[loud.id]]);
    expect(engines.last().source.volume).toBeCloseTo(0.8 * dbToGain(-6), 4);

    // the volume slider stays the user's; the engine gets it times the gain
    const bar = screen.getByRole('region', { name: 'Player' });
    expect(within(bar).getByRole('slider', { name: 'Volume' })).toHaveValue('80');
    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(engines.made).toHaveLength(2));
    // quieter than the target: played as it is (no boost in html5 mode)
    expect(engines.last().source.volume).toBeCloseTo(0.8, 4);
    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(engines.made).toHaveLength(3));
    expect(engines.last().source.volume).toBeCloseTo(0.8, 4);
    expect(fake.callsOf('analysis.loudness')).toEqual([[loud.id], [quiet.id], [unmeasured.id]]);
  });

  it('follows the setting at once: off plays at the user volume, a new target re-levels what plays', async () => {
    const fake = fakeWithLoudness();
    const { user } = await renderApp({ fake, panels: [libraryPanel, settingsPanel] });
    await act(() => playEntries([toQueueEntry(loud)]));
    expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-6), 4);

    await user.keyboard('{Control>},{/Control}');
    const section = await screen.findByRole('region', { name: 'Playback' });
    const toggle = within(section).getByRole('checkbox', { name: 'Level loudness' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8, 4));
    expect(fake.player.levelling).toEqual({ enabled: false, targetLufs: -14 });
    expect(fake.callsOf('player.setLevelling')).toEqual([[{ enabled: false }]]);
    expect(within(section).getByRole('combobox', { name: 'Target loudness' })).toBeDisabled();

    await user.click(toggle);
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-6), 4));
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'Target loudness' }),
      'Broadcast, EBU R128 (−23 LUFS)',
    );
    // −8 LUFS to −23 LUFS: 15 dB down
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-15), 4));
    expect(fake.player.levelling).toEqual({ enabled: true, targetLufs: -23 });
  });

  it('starts an item still being measured at the user volume and levels it when the measurement comes', async () => {
    const fake = fakeWithLoudness();
    await renderApp({ fake, panels: [libraryPanel, settingsPanel] });
    const release = fake.holdNext('analysis.loudness');
    await act(() => playEntries([toQueueEntry(loud)]));
    expect(engines.made).toHaveLength(1);
    expect(engines.last().source.volume).toBeCloseTo(0.8, 4);
    act(() => release());
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-6), 4));
  });

  it('plays unlevelled when the setting was turned off before, and a later play stays off', async () => {
    const fake = fakeWithLoudness();
    fake.player.levelling = { enabled: false, targetLufs: -14 };
    await renderApp({ fake, panels: [libraryPanel, settingsPanel] });
    await act(() => playEntries([toQueueEntry(loud)]));
    expect(engines.last().source.volume).toBeCloseTo(0.8, 4);
  });
});
