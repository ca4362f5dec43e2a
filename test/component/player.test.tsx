/**
 * The player bar over the real main: items seeded in the library folder, main's media URLs,
 * waveforms and library changes (jsdom plays no media: the fake engines stand in for howler).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryPanel } from '../../src/renderer/panels/library';
import { jobsPanel } from '../../src/renderer/panels/jobs';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { playSolo, resetPlayerStore, usePlayerStore } from '../../src/renderer/stores/player';
import { installEngineFactory } from '../../src/renderer/playback/engine';
import { fakeEngines } from './support/fake-engine';
import type { SeedItem } from './support/main';
import { renderMain } from './support/render-app';

const id = (n: number) => `itm_${String(n).padStart(10, '0')}`;
/**
 * A library item of 2:00 as its sidecar says (the file itself is a short tone). Its loudness is
 * measured already, quieter than the target: it plays at the volume set (levelling only lowers a
 * louder item), and main's loudness pass neither measures it nor rewrites its sidecar mid-test.
 */
const item = (n: number, extra: Partial<SeedItem> = {}): SeedItem => ({
  id: id(n),
  title: `Song ${n}`,
  file: `Song ${n}.mp3`,
  created_at: new Date(Date.UTC(2025, 0, 1, 0, 10 - n)).toISOString(),
  duration_ms: 120_000,
  loudness: {
    integratedLufs: -20,
    truePeakDb: -9,
    get measuredAt() {
      return new Date().toISOString();
    },
    version: 1,
  },
  ...extra,
});

let engines: ReturnType<typeof fakeEngines>;
beforeEach(() => {
  localStorage.clear();
  engines = fakeEngines();
  installEngineFactory(engines.factory);
});
afterEach(() => {
  resetPlayerStore();
  resetLibraryStore();
  installEngineFactory(undefined);
});

async function start(library: SeedItem[]) {
  const app = await renderMain({ library, panels: [libraryPanel, jobsPanel] });
  const bar = screen.getByRole('region', { name: 'Player' });
  const playRow = async (title: string) => {
    await app.user.click(await screen.findByRole('option', { name: new RegExp(`^${title},`) }));
    await app.user.click(
      within(screen.getByRole('region', { name: 'Item details' })).getByRole('button', {
        name: /^Play/,
      }),
    );
    await waitFor(() =>
      expect(within(bar).getByRole('button', { name: 'Pause' })).toBeInTheDocument(),
    );
  };
  return { ...app, bar, playRow };
}

describe('Player bar', () => {
  it('plays a library item through the media protocol with howler in html5 mode, and pauses', async () => {
    const { bar, playRow, user } = await start([item(1)]);
    expect(within(bar).getByText('Nothing playing')).toBeInTheDocument();
    await playRow('Song 1');
    expect(engines.last().source).toEqual({
      url: 'cadenza-media://library/Song%201.mp3',
      format: 'mp3',
      video: false,
      volume: 0.8,
    });
    expect(bar).toHaveAttribute('data-src', 'cadenza-media://library/Song%201.mp3');
    expect(within(bar).getByText('Song 1')).toBeInTheDocument();
    expect(within(bar).getByTestId('player-origin')).toHaveTextContent(
      'Library · 1 of 1 in the queue',
    );
    // one duration: the probed length stays, whatever the decoder reports
    act(() => engines.last().events.onLoad(138.28));
    expect(within(bar).getByTestId('player-duration')).toHaveTextContent('2:00');
    await user.click(within(bar).getByRole('button', { name: 'Pause' }));
    expect(engines.last().calls).toContain('pause');
    await waitFor(() =>
      expect(within(bar).getByRole('button', { name: 'Play' })).toBeInTheDocument(),
    );
  });

  it('seeks with the slider and keys, and sets and remembers the volume', async () => {
    const { bar, playRow, user } = await start([item(1)]);
    await playRow('Song 1');
    fireEvent.change(within(bar).getByRole('slider', { name: 'Seek' }), {
      target: { value: '61.5' },
    });
    expect(engines.last().calls).toContain('seek:61.5');
    expect(within(bar).getByText('1:01')).toBeInTheDocument();
    await user.keyboard('l');
    expect(engines.last().positionS).toBeCloseTo(71.5);
    await user.keyboard('j');
    expect(engines.last().positionS).toBeCloseTo(61.5);
    fireEvent.change(within(bar).getByRole('slider', { name: 'Volume' }), {
      target: { value: '30' },
    });
    expect(engines.last().volume).toBeCloseTo(0.3);
    expect(localStorage.getItem('cadenza.player.volume')).toBe('0.3');
    await user.click(within(bar).getByRole('button', { name: 'Mute' }));
    expect(engines.last().volume).toBe(0);
    await user.click(within(bar).getByRole('button', { name: 'Unmute' }));
    expect(engines.last().volume).toBeCloseTo(0.3);
  });

  it('keeps a queue: next, previous, restart after 3 s, on to the next at the end, removal', async () => {
    const { bar, playRow, user } = await start([item(1), item(2), item(3)]);
    await playRow('Song 2'); // queues Song 2 and what follows it in the list
    expect(usePlayerStore.getState().queue.map((q) => q.title)).toEqual(['Song 2', 'Song 3']);
    await user.click(screen.getByRole('option', { name: /^Song 1,/ }));
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    await user.click(within(bar).getByRole('button', { name: 'Queue (3)' }));
    const queue = await screen.findByRole('region', { name: 'Queue' });
    expect(
      within(queue)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('button')?.textContent),
    ).toEqual(['Song 2', 'Song 3', 'Song 1']);

    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(engines.last().source.url).toBe('cadenza-media://library/Song%203.mp3'),
    );
    expect(engines.made[0]?.unloaded).toBe(true);
    act(() => engines.last().events.onEnd());
    await waitFor(() =>
      expect(engines.last().source.url).toBe('cadenza-media://library/Song%201.mp3'),
    );
    await waitFor(() =>
      expect(within(bar).getByRole('button', { name: 'Pause' })).toBeInTheDocument(),
    );

    // more than 3 s in: Previous restarts; at the start it goes back one
    fireEvent.change(within(bar).getByRole('slider', { name: 'Seek' }), {
      target: { value: '30' },
    });
    await user.click(within(bar).getByRole('button', { name: 'Previous' }));
    expect(engines.last().positionS).toBe(0);
    expect(engines).toHaveProperty('made.length', 3);
    await user.click(within(bar).getByRole('button', { name: 'Previous' }));
    await waitFor(() =>
      expect(engines.last().source.url).toBe('cadenza-media://library/Song%203.mp3'),
    );

    await user.click(within(queue).getByRole('button', { name: 'Remove Song 2 from the queue' }));
    expect(usePlayerStore.getState().queue.map((q) => q.title)).toEqual(['Song 3', 'Song 1']);
    expect(usePlayerStore.getState().index).toBe(0);
  });

  it('marks and announces the current entry; Escape closes the queue and focus returns to its button', async () => {
    const { bar, playRow, user } = await start([item(1), item(2)]);
    await playRow('Song 1');
    expect(within(bar).getByText('Now playing: Song 1, from Library')).toBeInTheDocument();
    const queueButton = within(bar).getByRole('button', { name: 'Queue (2)' });
    await user.click(queueButton);
    const queue = await screen.findByRole('region', { name: 'Queue' });
    await waitFor(() => expect(queue).toContainElement(document.activeElement as HTMLElement));
    const [first, second] = within(queue).getAllByRole('listitem');
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(second).not.toHaveAttribute('aria-current');
    expect(within(first!).getByRole('button', { name: 'Play Song 1 (now playing)' })).toBeVisible();

    await user.click(within(second!).getByRole('button', { name: 'Play Song 2' }));
    await waitFor(() => expect(second).toHaveAttribute('aria-current', 'true'));
    expect(first).not.toHaveAttribute('aria-current');
    expect(within(bar).getByText('Now playing: Song 2, from Library')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Queue' })).toBeNull();
    expect(queueButton).toHaveFocus();
    expect(queueButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('a sample plays outside the queue; Next goes back to the queue where it was', async () => {
    const { bar, playRow, user } = await start([item(1), item(2)]);
    await playRow('Song 1');
    await act(() =>
      playSolo({
        key: 'sample:spk-ava',
        itemId: null,
        url: 'cadenza-media://cache/sample-spk-ava',
        title: 'Ava',
        video: false,
        format: null,
        durationMs: null,
        coverUrl: null,
        origin: 'Voice sample',
      }),
    );
    expect(engines.made[0]?.unloaded).toBe(true);
    // a URL naming no file gets a codec hint for howler; the bytes decide in Chromium
    expect(engines.last().source).toMatchObject({
      url: 'cadenza-media://cache/sample-spk-ava',
      format: 'mp3',
    });
    expect(within(bar).getByTestId('player-origin')).toHaveTextContent(
      'Voice sample · not in the queue',
    );
    expect(usePlayerStore.getState().queue).toHaveLength(2);
    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(engines.last().source.url).toBe('cadenza-media://library/Song%201.mp3'),
    );
    expect(within(bar).getByTestId('player-origin')).toHaveTextContent(
      'Library · 1 of 2 in the queue',
    );
  });

  it('goes on playing while switching panels', async () => {
    const { bar, playRow, user } = await start([item(1)]);
    await playRow('Song 1');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
        name: /Jobs/,
      }),
    );
    expect(screen.queryByRole('listbox', { name: 'Library items' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Player' })).getByText('Song 1'),
    ).toBeInTheDocument();
    expect(engines.last().unloaded).toBe(false);
    expect(bar).toHaveAttribute('data-status', 'playing');
  });

  it('Space toggles playback except while typing; Shift+N goes to the next entry', async () => {
    const { bar, playRow, user } = await start([item(1), item(2)]);
    await playRow('Song 1');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(within(bar).getByRole('button', { name: 'Play' })).toBeInTheDocument(),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'so ng');
    expect(engines.last().calls.filter((c) => c === 'play')).toHaveLength(1);
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Shift>}N{/Shift}');
    await waitFor(() =>
      expect(engines.last().source.url).toBe('cadenza-media://library/Song%202.mp3'),
    );
  });

  it('says so when the item cannot be played, and drops items deleted from the library', async () => {
    const { bar, user, playRow, main } = await start([item(1), item(2)]);
    // Song 1 left main's library before the window heard of it: main answers Play as it answers
    // for any item no longer there
    const gone = await main.api.library.mediaUrl('itm_gone000000');
    if (gone.ok) throw new Error('main played an item it does not have');
    main.refuseNext('library.mediaUrl', gone.error);
    await user.click(await screen.findByRole('option', { name: /^Song 1,/ }));
    await user.click(
      within(screen.getByRole('region', { name: 'Item details' })).getByRole('button', {
        name: 'Play',
      }),
    );
    expect(await within(bar).findByRole('alert')).toHaveTextContent(
      'That item is no longer in the library.',
    );

    await playRow('Song 2');
    act(() =>
      engines
        .last()
        .events.onError(
          'This file could not be played. It may have been moved, or its format is not supported.',
        ),
    );
    expect(within(bar).getByRole('alert')).toHaveTextContent('could not be played');

    await main.removeFromLibrary('Song 2.mp3', id(2));
    await waitFor(() => expect(usePlayerStore.getState().queue).toEqual([]));
    expect(within(bar).getByText('Nothing playing')).toBeInTheDocument();
  });

  it('shows the decoded length only for an item the probe could not measure, rounded like the Library', async () => {
    const { bar, playRow, user } = await start([
      item(1, { duration_ms: null }),
      item(2, { duration_ms: 13_600 }),
    ]);
    await playRow('Song 1');
    act(() => engines.last().events.onLoad(138.6));
    expect(within(bar).getByTestId('player-duration')).toHaveTextContent('2:19');
    await user.click(screen.getByRole('option', { name: /^Song 2,/ }));
    expect(screen.getByRole('option', { name: /^Song 2,/ })).toHaveAccessibleName(/0:14/);
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    await user.click(within(bar).getByRole('button', { name: /^Queue/ }));
    const queue = await screen.findByRole('region', { name: 'Queue' });
    expect(within(queue).getAllByRole('listitem')[2]).toHaveTextContent('0:14');
    await user.click(within(queue).getAllByRole('button', { name: 'Play Song 2' })[1]!);
    await waitFor(() =>
      expect(within(bar).getByTestId('player-duration')).toHaveTextContent('0:14'),
    );
    act(() => engines.last().events.onLoad(13.4));
    expect(within(bar).getByTestId('player-duration')).toHaveTextContent('0:14');
  });

  it('draws the waveform main computed, and a click on it seeks', async () => {
    // two minutes of tone: main decodes 50 peaks a second, the bar draws 160 of them
    const { bar, playRow, user, main } = await start([item(1, { seconds: 120 })]);
    await playRow('Song 1');
    const wave = await within(bar).findByTestId('waveform');
    expect(wave).toHaveAttribute('data-bars', '160');
    expect(main.callsOf('analysis.waveform')).toEqual([[id(1)]]);
    wave.getBoundingClientRect = () => ({
      left: 0,
      width: 400,
      top: 0,
      height: 20,
      right: 400,
      bottom: 20,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    // the seek slider lies over the waveform (a click there is the slider's): it seeks, and the
    // played part is drawn
    fireEvent.change(within(bar).getByRole('slider', { name: 'Seek' }), {
      target: { value: '30' },
    });
    expect(engines.last().calls).toContain('seek:30');
    expect(wave).toHaveAttribute('data-played', '0.250');
    expect(wave.querySelectorAll('.waveform-played')).toHaveLength(40);
    // keyboard: arrows step 5 s, Page Up/Down a tenth of the length, Home/End the ends
    const seek = within(bar).getByRole('slider', { name: 'Seek' });
    seek.focus();
    await user.keyboard('{ArrowRight}');
    expect(engines.last().positionS).toBe(35);
    await user.keyboard('{PageDown}');
    expect(engines.last().positionS).toBe(23);
    await user.keyboard('{Home}');
    expect(engines.last().positionS).toBe(0);
    expect(wave).toHaveAttribute('data-played', '0.000');
  });

  it('plays videos in a viewer', async () => {
    const { bar, user } = await start([
      item(1, { kind: 'singing-video', title: 'Clip', file: 'Clip.mp4' }),
    ]);
    await user.click(await screen.findByRole('option', { name: /^Clip,/ }));
    await user.click(screen.getByRole('button', { name: 'Play video' }));
    const viewer = await screen.findByRole('region', { name: 'Video viewer' });
    await waitFor(() =>
      expect(engines.last().source).toMatchObject({
        video: true,
        format: 'mp4',
        url: 'cadenza-media://library/Clip.mp4',
      }),
    );
    await waitFor(() => expect(viewer.querySelector('video')).toBe(engines.last().element));
    expect(viewer.querySelector('video')).toHaveAttribute('aria-label', 'Video: Clip');
    await user.click(within(viewer).getByRole('button', { name: 'Hide video' }));
    expect(screen.queryByRole('region', { name: 'Video viewer' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Show video' })).toBeInTheDocument();
  });
});
