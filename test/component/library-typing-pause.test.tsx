/**
 * A library change merged into a long list rebuilds the Library view's index, order and groups
 * (tens of milliseconds at 50,000 items): it waits for a pause in the user's typing instead of
 * landing between two keystrokes of a search.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import {
  followLibrary,
  loadLibraryItems,
  useLibraryStore,
} from '../../src/renderer/stores/library';
import { TYPING_PAUSE_MS, typingPause } from '../../src/renderer/lib/typing-pause';
import { startMain } from './support/main';

const key = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
const has = (id: string) => useLibraryStore.getState().items.some((i) => i.id === id);

afterEach(() => vi.useRealTimers());

describe('a pause in typing', () => {
  it('comes at once when no key went down lately, else once keys stop for the quiet time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(10_000);
    let paused = false;
    await typingPause().then(() => (paused = true));
    expect(paused).toBe(true);

    key();
    paused = false;
    void typingPause().then(() => (paused = true));
    await vi.advanceTimersByTimeAsync(200);
    key(); // still typing
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS - 1);
    expect(paused).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(paused).toBe(true);
  });

  it('never waits for ever: typing without a pause for 5 s lets it through', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let paused = false;
    key();
    void typingPause().then(() => (paused = true));
    for (let t = 0; t < 4900; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      key();
    }
    expect(paused).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(paused).toBe(true);
  });

  it('holds a library change fetched while the user types until the pause, then merges it', async () => {
    const main = await startMain({ library: [{ id: 'itm_old', title: 'Old song' }] });
    installBridge(main.api);
    followLibrary();
    await loadLibraryItems();
    expect(has('itm_old')).toBe(true);

    // the user keeps typing while the new file lands in the library folder
    let lastKey = performance.now();
    const typing = setInterval(() => {
      key();
      lastKey = performance.now();
    }, 50);
    try {
      key();
      await main.addToLibrary([
        { id: 'itm_new', title: 'New song', created_at: '2026-01-01T00:00:00.000Z' },
      ]);
      // fetched at once, by its id alone …
      await waitFor(() =>
        expect(main.callsOf('library.list').at(-1)).toEqual([{ ids: ['itm_new'] }]),
      );
      await new Promise((r) => setTimeout(r, 2 * TYPING_PAUSE_MS));
      // … but not merged while keys are going down
      expect(has('itm_new')).toBe(false);
    } finally {
      clearInterval(typing);
    }
    await waitFor(() => expect(has('itm_new')).toBe(true));
    expect(performance.now() - lastKey).toBeGreaterThanOrEqual(TYPING_PAUSE_MS);
    expect(useLibraryStore.getState().items.map((i) => i.id)).toEqual(['itm_new', 'itm_old']);
  });
});
