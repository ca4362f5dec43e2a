/**
 * Loudness levelling in the one player: each library item plays at the target loudness, by
 * lowering the engine's volume (howler's html5 element cannot boost, so a quieter item plays as it
 * is), and the "Level loudness" setting in Settings → Playback turns it off and on at once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { settingsPanel } from '../../src/renderer/panels/settings';
import { installEngineFactory } from '../../src/renderer/playback/engine';
import { resetLevellingStore } from '../../src/renderer/playback/levelling';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { playEntries, resetPlayerStore, toQueueEntry } from '../../src/renderer/stores/player';
import { resetPreferencesStore } from '../../src/renderer/stores/preferences';
import { fakeEngines } from './support/fake-engine';
import type { Main, MainOptions, SeedItem } from './support/main';
import { renderMain } from './support/render-app';

/** A measurement main took of the file as it is (taken as the test writes it). */
const measured = (integratedLufs: number, truePeakDb: number) => ({
  integratedLufs,
  truePeakDb,
  get measuredAt() {
    return new Date().toISOString();
  },
  version: 1,
});
const item = (n: number, title: string, fields: Partial<SeedItem> = {}): SeedItem => ({
  id: `itm_${String(n).padStart(10, '0')}`,
  title,
  created_at: new Date(Date.UTC(2025, 0, 1, 0, 10 - n)).toISOString(),
  ...fields,
});

// 6 LU over the −14 LUFS target and 6 LU under it, as main measured them before (in the
// sidecars); the third is a file no decoder reads, so main cannot measure it
const loud = item(1, 'Loud', { loudness: measured(-8, -0.3) });
const quiet = item(2, 'Quiet', { loudness: measured(-20, -9) });
const unmeasured = item(3, 'Unmeasured', { file: 'Unmeasured.mp3', data: 'not audio at all' });

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

async function open(options: MainOptions = {}) {
  const view = await renderMain({
    library: [loud, quiet, unmeasured],
    panels: [libraryPanel, settingsPanel],
    ...options,
  });
  return view;
}

/** The queue entries of these seeded items, as main lists them. */
async function entries(main: Main, ...seeds: SeedItem[]) {
  const listed = await main.api.library.list();
  if (!listed.ok) throw new Error(listed.error.message);
  return seeds.map((s) => toQueueEntry(listed.value.find((i) => i.id === s.id)!));
}

const dbToGain = (db: number): number => 10 ** (db / 20);

describe('Loudness levelling in the player', () => {
  it('turns each item down to the target by its own measurement, never up, and keeps the user volume apart', async () => {
    const { main, user } = await open();
    const queue = await entries(main, loud, quiet, unmeasured);
    await act(() => playEntries(queue));
    // the loud item starts already levelled: 0.8 × 10^(−6/20)
    expect(main.callsOf('analysis.loudness')).toEqual([[loud.id]]);
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
    expect(main.callsOf('analysis.loudness')).toEqual([[loud.id], [quiet.id], [unmeasured.id]]);
  });

  it('follows the setting at once: off plays at the user volume, a new target re-levels what plays', async () => {
    const { main, user } = await open();
    const queue = await entries(main, loud);
    await act(() => playEntries(queue));
    expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-6), 4);

    await user.keyboard('{Control>},{/Control}');
    const section = await screen.findByRole('region', { name: 'Playback' });
    const toggle = within(section).getByRole('checkbox', { name: 'Level loudness' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8, 4));
    await waitFor(() => expect(main.core.settings.get().levelLoudness).toBe(false));
    expect(main.callsOf('player.setLevelling')).toEqual([[{ enabled: false }]]);
    expect(within(section).getByRole('combobox', { name: 'Target loudness' })).toBeDisabled();

    await user.click(toggle);
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-6), 4));
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'Target loudness' }),
      'Broadcast, EBU R128 (−23 LUFS)',
    );
    // −8 LUFS to −23 LUFS: 15 dB down
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-15), 4));
    await waitFor(() =>
      expect(main.core.settings.get()).toMatchObject({
        levelLoudness: true,
        loudnessTargetLufs: -23,
      }),
    );
  });

  it('starts an item still being measured at the user volume and levels it when the measurement comes', async () => {
    const { main } = await open();
    const queue = await entries(main, loud);
    const release = main.holdNext('analysis.loudness');
    await act(() => playEntries(queue));
    expect(engines.made).toHaveLength(1);
    expect(engines.last().source.volume).toBeCloseTo(0.8, 4);
    act(() => release());
    await waitFor(() => expect(engines.last().volume).toBeCloseTo(0.8 * dbToGain(-6), 4));
  });

  it('plays unlevelled when the setting was turned off before, and a later play stays off', async () => {
    const { main } = await open({ settings: { levelLoudness: false } });
    const queue = await entries(main, loud);
    await act(() => playEntries(queue));
    expect(engines.last().source.volume).toBeCloseTo(0.8, 4);
  });
});
