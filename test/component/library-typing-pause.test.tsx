/**
 * A library change merged into a long list rebuilds the Library view's index, order and groups
 * (tens of milliseconds at 50,000 items): it waits for a pause in the user's typing instead of
 * landing between two keystrokes of a search.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import {
  followLibrary,
  loadLibraryItems,
  useLibraryStore,
} from '../../src/renderer/stores/library';
import { TYPING_PAUSE_MS, typingPause } from '../../src/renderer/lib/typing-pause';
import { FakeCadenza, makeLibraryItem } from './support/fake-cadenza';

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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const f = new FakeCadenza({
      libraryItems: [makeLibraryItem({ id: 'itm_old', title: 'Old song' })],
    });
    installBridge(f.api);
    followLibrary();
    await loadLibraryItems();
    expect(has('itm_old')).toBe(true);

    key();
    f.state.libraryItems = [
      makeLibraryItem({ id: 'itm_new', title: 'New song', createdAt: '2026-01-01T00:00:00.000Z' }),
      ...f.state.libraryItems,
    ];
    f.emitLibraryChanged({ added: ['itm_new'], updated: [], removed: [] });
    await vi.advanceTimersByTimeAsync(50);
    // fetched at once, by its id alone …
    expect(f.callsOf('library.list').at(-1)).toEqual([{ ids: ['itm_new'] }]);
    // … but not merged while keys are going down
    expect(has('itm_new')).toBe(false);
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    expect(has('itm_new')).toBe(true);
    expect(useLibraryStore.getState().items.map((i) => i.id)).toEqual(['itm_new', 'itm_old']);
  });
});
