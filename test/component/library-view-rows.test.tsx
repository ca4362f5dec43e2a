/** The Library view's rows: every sort order holds after filtering, and a new list is sorted anew. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/ipc/library';
import { loadAllNamespaces, switchLanguage } from '../../src/renderer/i18n';
import { buildRows, deriveView, type ViewQuery } from '../../src/renderer/panels/library/rows';

// the renderer's i18next (started in English by the setup): kinds are searched in its language
beforeAll(() => loadAllNamespaces());

const item = (n: number, title: string, minutesAgo: number, durationMs: number) =>
  ({
    id: `i${n}`,
    title,
    kind: 'song',
    tags: [],
    prompt: null,
    file: `${title}.mp3`,
    model: null,
    hasLyrics: false,
    createdAt: new Date(Date.UTC(2026, 0, 1) - minutesAgo * 60_000).toISOString(),
    durationMs,
    variationGroup: null,
    parentId: null,
  }) as unknown as LibraryItemView;

const query = (text: string, sort: ViewQuery['sort']): ViewQuery =>
  ({ text, kind: 'all', sort, withLyrics: false }) as ViewQuery;
const titles = (items: readonly LibraryItemView[], q: ViewQuery) =>
  buildRows(items, q).map((r) => r.item.title);

describe('library rows: artist, album and genre (a bulk edit’s)', () => {
  const tagged = (n: number, title: string, artist?: string, album?: string, genre?: string) =>
    ({ ...item(n, title, n, 1000), artist, album, genre }) as LibraryItemView;
  const items = [
    tagged(1, 'Harbour', 'Zed Quartet', 'Night Drives', 'city pop'),
    tagged(2, 'Anchor'),
    tagged(3, 'Beacon', 'Ada', 'Zodiac', 'lo-fi'),
    tagged(4, 'Compass', 'Ada', 'Morning'),
  ];

  it('the filter finds them', () => {
    expect(titles(items, query('zed quartet', 'newest'))).toEqual(['Harbour']);
    expect(titles(items, query('zodiac', 'newest'))).toEqual(['Beacon']);
    expect(titles(items, query('lo-fi', 'newest'))).toEqual(['Beacon']);
  });

  it('sorts by artist (then album) and by album (then artist); items without one last', () => {
    expect(titles(items, query('', 'artist'))).toEqual(['Compass', 'Beacon', 'Harbour', 'Anchor']);
    expect(titles(items, query('', 'album'))).toEqual(['Compass', 'Harbour', 'Beacon', 'Anchor']);
  });
});

describe('library rows', () => {
  const items = [
    item(1, 'Rain b', 30, 3000),
    item(2, 'Sun', 10, 1000),
    item(3, 'Rain a', 20, 2000),
  ];

  it('keeps each order after filtering, keystroke after keystroke', () => {
    expect(titles(items, query('', 'newest'))).toEqual(['Sun', 'Rain a', 'Rain b']);
    expect(titles(items, query('rain', 'newest'))).toEqual(['Rain a', 'Rain b']);
    expect(titles(items, query('rain', 'oldest'))).toEqual(['Rain b', 'Rain a']);
    expect(titles(items, query('rain', 'title'))).toEqual(['Rain a', 'Rain b']);
    expect(titles(items, query('', 'longest'))).toEqual(['Rain b', 'Rain a', 'Sun']);
    expect(titles(items, query('r', 'longest'))).toEqual(['Rain b', 'Rain a']);
  });

  it('sorts a new list anew (the order is kept per list, never reused for another)', () => {
    expect(titles(items, query('', 'title'))).toEqual(['Rain a', 'Rain b', 'Sun']);
    const next = [...items, item(4, 'Aurora', 5, 500)];
    expect(titles(next, query('', 'title'))).toEqual(['Aurora', 'Rain a', 'Rain b', 'Sun']);
    expect(titles(next, query('', 'newest'))[0]).toBe('Aurora');
    expect(titles(items, query('', 'newest'))).toEqual(['Sun', 'Rain a', 'Rain b']);
  });
});

describe('library rows while typing (narrowed from the last query)', () => {
  const words = ['neon', 'river', 'ghost', 'road', 'night', 'rain'];
  const kinds = ['song', 'tts', 'cover'] as const;
  // 300 items: variation groups of up to three takes, some extensions, some with lyrics
  const many = Array.from(
    { length: 300 },
    (_, n) =>
      ({
        id: `i${n}`,
        title: `${words[n % 6]} ${words[(n * 7) % 6]} ${n}`,
        kind: kinds[n % 3],
        tags: [words[(n * 5) % 6]!],
        prompt: n % 4 === 0 ? `${words[(n * 11) % 6]} vocals` : null,
        file: `take ${n}.mp3`,
        model: null,
        hasLyrics: n % 2 === 0,
        createdAt: new Date(Date.UTC(2026, 0, 1) + ((n * 37) % 300) * 60_000).toISOString(),
        durationMs: n * 10,
        variationGroup: n % 5 === 0 ? null : `job_${Math.floor(n / 3)}`,
        parentId: n % 7 === 0 && n > 0 ? `i${n - 1}` : null,
      }) as unknown as LibraryItemView,
  );
  /**
   * What the rows must be: every item tested, groups gathered; a take is numbered by its place in
   * its whole group (oldest first), whatever the query shows of it (one rule, issue 31).
   */
  function expected(items: readonly LibraryItemView[], q: ViewQuery): string[] {
    const terms = q.text.toLowerCase().split(/\s+/).filter(Boolean);
    const kindsOf: Record<string, string[] | null> = {
      all: null,
      song: ['song'],
      tts: ['tts'],
      cover: ['cover'],
    };
    const allowed = kindsOf[q.kind] ?? null;
    const sorted = [...items].sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.file < b.file ? -1 : 1,
    );
    const matching = sorted.filter(
      (i) =>
        (!allowed || allowed.includes(i.kind)) &&
        (!q.withLyrics || i.hasLyrics) &&
        (q.alsoMatching?.has(i.id) ||
          terms.every((t) =>
            [
              i.title,
              i.tags.join(' '),
              i.prompt ?? '',
              i.file,
              i.kind === 'tts' ? 'speech' : i.kind,
            ]
              .join('\n')
              .toLowerCase()
              .includes(t),
          )),
    );
    const numberOf = (i: LibraryItemView): number | null => {
      const whole = items
        .filter((m) => i.variationGroup && m.variationGroup === i.variationGroup)
        .sort((a, b) =>
          a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.file < b.file ? -1 : 1,
        );
      return whole.length < 2 ? null : whole.indexOf(i) + 1;
    };
    const label = (i: LibraryItemView): string =>
      numberOf(i) === null ? i.id : `${i.id} take ${numberOf(i)}`;
    const out: string[] = [];
    const done = new Set<string>();
    for (const i of matching) {
      const group = matching.filter(
        (m) => i.variationGroup && m.variationGroup === i.variationGroup,
      );
      if (group.length < 2) {
        out.push(label(i));
        continue;
      }
      if (done.has(i.variationGroup!)) continue;
      done.add(i.variationGroup!);
      group.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)).forEach((t) => out.push(label(t)));
    }
    return out;
  }
  const shown = (q: ViewQuery) =>
    buildRows(many, q).map((r) => (r.take === null ? r.item.id : `${r.item.id} take ${r.take}`));

  it('finds what a search of every item finds, as words are typed, erased and filters change', () => {
    const steps: Array<Partial<ViewQuery>> = [
      ...'neon r'.split('').map((_, k) => ({ text: 'neon r'.slice(0, k + 1) })),
      { text: 'neon ri' },
      { text: 'neon' }, // erased: wider again
      { text: 'neon', kind: 'song' },
      { text: 'neon g', kind: 'song' },
      { text: 'neon gh', kind: 'all' },
      { text: 'neon gh', withLyrics: true },
      { text: 'neon gho', withLyrics: true },
      { text: 'r', withLyrics: false },
      { text: 'ra', alsoMatching: new Set(['i1', 'i2', 'i3']) }, // main's lyrics matches
      { text: 'rai' },
      { text: 'rai ', kind: 'tts' },
      { text: '' },
    ];
    let q: ViewQuery = { text: '', kind: 'all', sort: 'newest', withLyrics: false };
    for (const step of steps) {
      q = { ...q, alsoMatching: undefined, ...step };
      expect(shown(q), JSON.stringify({ ...step, alsoMatching: undefined })).toEqual(
        expected(many, q),
      );
    }
    expect(shown({ ...q, text: 'neon', kind: 'all' }).length).toBeGreaterThan(10);
  });
});

describe('library rows after a change', () => {
  const base = Array.from({ length: 40 }, (_, n) =>
    item(n, `${n % 2 ? 'Night' : 'Day'} ${n}`, n * 3, 1000 * (n + 1)),
  );

  it('an edit in place (new tags, a loudness result) patches the views: the new objects show and match', () => {
    const views = deriveView(base).views;
    expect(titles(base, query('harbour', 'newest'))).toEqual([]);
    expect(titles(base, query('night', 'title')).slice(0, 2)).toEqual(['Night 1', 'Night 3']);
    // items 5 and 8 gain a tag: same places in every order
    const next = base.map((i, n) =>
      n === 5 || n === 8 ? ({ ...i, tags: ['harbour'] } as LibraryItemView) : i,
    );
    expect(titles(next, query('harbour', 'newest'))).toEqual(['Night 5', 'Day 8']);
    expect(titles(next, query('harbour', 'title'))).toEqual(['Day 8', 'Night 5']);
    // patched, not rebuilt: the same views, holding the new objects
    expect(deriveView(next).views).toBe(views);
    expect(deriveView(next).byId.get('i5')).toBe(next[5]);
    expect(buildRows(next, query('harbour', 'newest'))[0]!.item).toBe(next[5]);
    // the narrowing cache was dropped: typing on from an old query still sees the edit
    expect(titles(next, query('harbour d', 'newest'))).toEqual(['Day 8']);
  });

  it('a change that moves an item (a new title, a new date) builds the views again', () => {
    const views = deriveView(base).views;
    const next = base.map((i, n) => (n === 3 ? ({ ...i, title: 'Aurora' } as LibraryItemView) : i));
    expect(titles(next, query('', 'title'))[0]).toBe('Aurora');
    expect(deriveView(next).views).not.toBe(views);
    const older = base.map((i, n) =>
      n === 0 ? ({ ...i, createdAt: '2020-01-01T00:00:00.000Z' } as LibraryItemView) : i,
    );
    expect(titles(older, query('', 'newest')).at(-1)).toBe('Day 0');
  });
});

describe("library rows in the app's language", () => {
  it("match and sort an item's kind by its words in the language chosen", async () => {
    const items = [
      { ...item(1, 'Alpha', 2, 1000), kind: 'tts' },
      { ...item(2, 'Beta', 1, 1000), kind: 'song' },
    ] as LibraryItemView[];
    expect(titles(items, query('speech', 'newest'))).toEqual(['Alpha']);
    await switchLanguage('de');
    try {
      expect(titles(items, query('sprache', 'newest'))).toEqual(['Alpha']);
      expect(titles(items, query('speech', 'newest'))).toEqual([]);
      // German: "Song" before "Sprache"
      expect(titles(items, query('', 'kind'))).toEqual(['Beta', 'Alpha']);
    } finally {
      await switchLanguage('en');
    }
    // English: "Song" before "Speech" too, and the English words match again
    expect(titles(items, query('speech', 'newest'))).toEqual(['Alpha']);
  });
});
