/**
 * Reuse from the Library's details pane: each action lands on the real panel with the item filled
 * in, and nothing reaches the service until the user submits there. Also: the view's search finds
 * items by their lyrics, as main's search does.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoverRequest } from '@shared/ipc/covers';
import type { LibraryItemView } from '@shared/ipc/library';
import type { SpeakRequest, VoiceView } from '@shared/ipc/voices';
import type { Take } from '../../src/renderer/lib/library-views';
import { coversPanel } from '../../src/renderer/panels/covers';
import { libraryPanel } from '../../src/renderer/panels/library';
import { videosPanel } from '../../src/renderer/panels/videos';
import { voicePanel } from '../../src/renderer/panels/voices';
import { resetCoversStore } from '../../src/renderer/stores/covers';
import { resetVideosStore } from '../../src/renderer/stores/videos';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { resetPlayerStore } from '../../src/renderer/stores/player';
import { resetUiStore, useUiStore } from '../../src/renderer/stores/ui';
import { resetVoicesStore } from '../../src/renderer/stores/voices';
import { FakeCadenza, makeLibraryItem } from './support/fake-cadenza';
import { renderApp } from './support/render-app';

const KEY = 'sk-test-reuse-0000-2468';
/** Calls that start work at the service: opening a panel from the library must make none. */
const SERVICE_CALLS = [
  'covers.create',
  'videos.checkSinging',
  'videos.singing',
  'voices.speak',
] as const;

afterEach(() => {
  resetPlayerStore();
  resetLibraryStore();
  resetCoversStore();
  resetVideosStore();
  resetVoicesStore();
  resetUiStore();
});

const voice = (name: string): VoiceView => ({
  speaker: `spk-${name.toLowerCase()}`,
  name,
  language: 'English',
  classNames: ['Male'],
  classification: null,
  description: null,
  isFree: true,
  isVip: false,
  isNew: false,
  trending: false,
  hasAvatar: false,
  hasSample: false,
  cloned: false,
});

const take = (item: LibraryItemView, over: Partial<Take>): Take => ({
  itemId: item.id,
  title: item.title,
  text: '',
  voice: null,
  emotion: null,
  durationMs: item.durationMs,
  createdAt: item.createdAt,
  mediaUrl: `cadenza-media://library/${encodeURIComponent(item.file)}`,
  ...over,
});

const song = makeLibraryItem({
  id: 'itm_song',
  title: 'Dawn Chorus',
  durationMs: 95_000,
  hasServiceUrl: true,
});
// the one item a singing video can use: a service link and 2–30 s
const hook = makeLibraryItem({
  id: 'itm_hook',
  title: 'Hook',
  durationMs: 18_000,
  hasServiceUrl: true,
  createdAt: '2025-03-15T09:00:00.000Z',
});
const speech = makeLibraryItem({
  id: 'itm_speech',
  title: 'Good morning',
  kind: 'tts',
  file: 'Good morning.mp3',
  durationMs: 4_000,
  createdAt: '2025-03-16T09:00:00.000Z',
});
const video = makeLibraryItem({
  id: 'itm_video',
  title: 'Hook (singing video)',
  kind: 'singing-video',
  file: 'Hook (singing video).mp4',
  durationMs: 18_000,
  createdAt: '2025-03-17T09:00:00.000Z',
});

function fake(items: LibraryItemView[] = [song, hook, speech, video]): FakeCadenza {
  const f = new FakeCadenza({ key: KEY, libraryItems: items });
  f.covers.singers = [
    { id: '101', name: 'Aria Bright', custom: false, state: 'ready', jobId: null },
  ];
  f.voices.catalogue = {
    voices: [voice('Ava'), voice('Marcus')],
    clones: [],
    fetchedAt: '2025-03-14T09:00:00.000Z',
    source: 'service',
    error: null,
  };
  f.voices.prefs = { favourites: [], recents: ['spk-ava'] };
  f.voices.takes = [
    take(speech, { voice: 'Marcus', emotion: 'Cheerful', text: 'Good morning, harbour.' }),
  ];
  return f;
}

async function details(f: FakeCadenza, title: string) {
  const app = await renderApp({
    fake: f,
    panels: [libraryPanel, coversPanel, videosPanel, voicePanel],
  });
  const list = await screen.findByRole('listbox', { name: 'Library items' });
  await app.user.click(await within(list).findByRole('option', { name: new RegExp(`^${title},`) }));
  return { ...app, pane: screen.getByRole('region', { name: 'Item details' }) };
}

const noServiceCalls = (f: FakeCadenza) =>
  expect(SERVICE_CALLS.map((c) => [c, f.callsOf(c).length])).toEqual(
    SERVICE_CALLS.map((c) => [c, 0]),
  );

/** Opens the details card's ⋯ menu and answers it. */
async function openMenu(user: { click(el: Element): Promise<void> }, pane: HTMLElement) {
  if (!screen.queryByRole('menu'))
    await user.click(within(pane).getByRole('button', { name: /^More actions for / }));
  return screen.getByRole('menu');
}

describe('Library reuse actions', () => {
  it('"Make a cover" opens the Covers panel with the song as the source; the cover is sent only on submit', async () => {
    const f = fake();
    const { user, pane } = await details(f, 'Dawn Chorus');
    await user.click(
      within(await openMenu(user, pane)).getByRole('menuitem', { name: 'Make a cover' }),
    );
    expect(useUiStore.getState().activePanelId).toBe('covers');
    const card = await screen.findByRole('region', { name: 'Make a cover' });
    expect(within(card).getByRole('radio', { name: 'A library song' })).toBeChecked();
    const source = within(card).getByRole('combobox', { name: 'Library song' });
    await waitFor(() => expect(source).toHaveValue('Dawn Chorus'));
    noServiceCalls(f);

    await user.click(await within(card).findByRole('button', { name: 'Make cover' }));
    await waitFor(() => expect(f.callsOf('covers.create')).toHaveLength(1));
    const [req] = f.callsOf('covers.create')[0] as [CoverRequest];
    expect(req.source).toEqual({ kind: 'library', itemId: song.id });
    expect(req.singerId).toBe('101');
  });

  it('"Singing video" is offered only for items main can send (service link, 2–30 s) and fills the Videos panel', async () => {
    const f = fake();
    const { user, pane } = await details(f, 'Dawn Chorus');
    // 95 s: too long for a singing video
    expect(
      within(await openMenu(user, pane)).queryByRole('menuitem', { name: 'Singing video' }),
    ).toBeNull();
    await user.keyboard('{Escape}');

    const list = screen.getByRole('listbox', { name: 'Library items' });
    await user.click(within(list).getByRole('option', { name: /^Hook, Song/ }));
    const hookPane = screen.getByRole('region', { name: 'Item details' });
    await user.click(
      await within(await openMenu(user, hookPane)).findByRole('menuitem', {
        name: 'Singing video',
      }),
    );
    expect(useUiStore.getState().activePanelId).toBe('videos');
    const card = await screen.findByRole('region', { name: 'Singing photo video' });
    const audio = await within(card).findByRole('combobox', {
      name: 'Library audio (its service link)',
    });
    expect(audio).toHaveValue('Hook');
    expect(within(card).queryByRole('textbox', { name: 'Audio link' })).toBeNull();
    noServiceCalls(f);
  });

  it('"Singing video" is not offered for a short item main has no service link for', async () => {
    const f = fake([song, { ...hook, hasServiceUrl: false }, speech, video]);
    const { user, pane } = await details(f, 'Hook');
    const menu = await openMenu(user, pane);
    expect(within(menu).queryByRole('menuitem', { name: 'Singing video' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Make a cover' })).toBeInTheDocument();
  });

  it('"Speak again" opens the Voice panel with the take\'s voice, emotion and text; Speak sends them', async () => {
    const f = fake();
    const { user, pane } = await details(f, 'Good morning');
    const menu = await openMenu(user, pane);
    expect(within(menu).queryByRole('menuitem', { name: 'Extend from here' })).toBeNull();
    await user.click(await within(menu).findByRole('menuitem', { name: 'Speak again' }));
    expect(useUiStore.getState().activePanelId).toBe('voice');
    const card = await screen.findByRole('region', { name: 'Speak' });
    expect(within(card).getByRole('textbox', { name: 'Text to speak' })).toHaveValue(
      'Good morning, harbour.',
    );
    expect(within(card).getByRole('combobox', { name: 'Emotion' })).toHaveValue('Cheerful');
    // the take recorded the voice's name; the voice is found by it (not the recent one, Ava)
    await waitFor(() => expect(card).toHaveTextContent('Voice: Marcus'));
    expect(screen.getByRole('button', { name: 'Use Marcus' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    noServiceCalls(f);

    await user.click(within(card).getByRole('button', { name: 'Speak' }));
    await waitFor(() => expect(f.callsOf('voices.speak')).toHaveLength(1));
    const [req] = f.callsOf('voices.speak')[0] as [SpeakRequest];
    expect(req).toEqual({
      text: 'Good morning, harbour.',
      speaker: 'spk-marcus',
      emotion: 'Cheerful',
    });
  });

  it('offers only what applies: a video has no cover, singing video or speak again; a song no speak again', async () => {
    const f = fake();
    const { user, pane } = await details(f, 'Hook \\(singing video\\)');
    const menu = await openMenu(user, pane);
    for (const name of ['Make a cover', 'Singing video', 'Speak again', 'Extend from here'])
      expect(within(menu).queryByRole('menuitem', { name })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('option', { name: /^Dawn Chorus,/ }));
    const songPane = screen.getByRole('region', { name: 'Item details' });
    const songMenu = await openMenu(user, songPane);
    expect(within(songMenu).getByRole('menuitem', { name: 'Make a cover' })).toBeInTheDocument();
    expect(
      within(songMenu).getByRole('menuitem', { name: 'Extend from here' }),
    ).toBeInTheDocument();
    expect(within(songMenu).queryByRole('menuitem', { name: 'Speak again' })).toBeNull();
  });
});

describe('Library search over lyrics', () => {
  const items = [
    makeLibraryItem({ id: 'itm_a', title: 'Paper boats', hasLyrics: true }),
    makeLibraryItem({
      id: 'itm_b',
      title: 'Night drive',
      hasLyrics: true,
      createdAt: '2025-03-15T09:00:00.000Z',
    }),
    makeLibraryItem({
      id: 'itm_c',
      title: 'Lighthouse keeper',
      prompt: 'a lighthouse at night',
      createdAt: '2025-03-16T09:00:00.000Z',
    }),
  ];

  it('finds items by words only their lyrics hold, as main does, and never by an older search', async () => {
    const f = new FakeCadenza({ libraryItems: items });
    f.library.lyrics = {
      itm_a: '[Verse]\nFolding paper in the lighthouse rain',
      itm_b: '[Chorus]\nHeadlights on the coast road',
    };
    const { user } = await renderApp({ fake: f, panels: [libraryPanel] });
    const list = await screen.findByRole('listbox', { name: 'Library items' });
    const count = screen.getByTestId('library-count');
    const search = screen.getByRole('searchbox', { name: 'Search the library' });

    // two letters are in nearly every lyric: main is not asked
    await user.type(search, 'li');
    await new Promise((r) => setTimeout(r, 300));
    expect(f.callsOf('library.matching')).toEqual([]);
    await user.type(search, 'ghthouse');
    // the prompt match at once, the lyrics match once main answered
    await waitFor(() => expect(count).toHaveTextContent('2 of 3 items'));
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')?.split(',')[0]),
    ).toEqual(['Lighthouse keeper', 'Paper boats']);
    expect(f.callsOf('library.matching').at(-1)).toEqual(['lighthouse']);

    // words from different places of one item match together (lyrics + title)
    await user.clear(search);
    await user.type(search, 'coast night');
    await waitFor(() => expect(count).toHaveTextContent('1 of 3 items'));
    expect(within(list).getByRole('option')).toHaveAccessibleName(/^Night drive,/);

    // a longer word: the earlier answer does not leak into the new one
    await user.type(search, 'fall');
    await waitFor(() => expect(f.callsOf('library.matching').at(-1)).toEqual(['coast nightfall']));
    await waitFor(() => expect(count).toHaveTextContent('0 of 3 items'));
  });

  it('does not ask main when no item has lyrics', async () => {
    const f = new FakeCadenza({ libraryItems: [items[2]!] });
    const { user } = await renderApp({ fake: f, panels: [libraryPanel] });
    await screen.findByRole('listbox', { name: 'Library items' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'night');
    await waitFor(() => expect(screen.getByTestId('library-count')).toHaveTextContent(/^1 item$/));
    await new Promise((r) => setTimeout(r, 250));
    expect(f.callsOf('library.matching')).toEqual([]);
  });
});
