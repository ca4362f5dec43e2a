import { describe, expect, it } from 'vitest';
import {
  wordAt,
  lengthNote,
  lineAt,
  lineSyllables,
  measureLyrics,
  wordSyllables,
} from '../../../src/renderer/panels/songs/lyrics-workspace';
import { genresIn, promptNotes } from '../../../src/renderer/panels/songs/prompt-check';

describe('lyrics workspace: syllables', () => {
  it.each([
    ['a', 1],
    ['night', 1],
    ['love', 1],
    ['lines', 1],
    ['played', 1],
    ['tree', 1],
    ['hello', 2],
    ['table', 2],
    ['wanted', 2],
    ['boxes', 2],
    ['singing', 2],
    ['beautiful', 3],
    ['yesterday', 3],
    ['corazón', 3],
    ["don't", 1],
  ])('%s has %i', (word, n) => {
    expect(wordSyllables(word)).toBe(n);
  });

  it('counts a line by its words; Han, kana and Hangul one per character; tags none', () => {
    expect(lineSyllables('Hello, beautiful night!')).toBe(6);
    expect(lineSyllables('夜の街')).toBe(3);
    expect(lineSyllables('きょう')).toBe(2); // the small ょ adds no syllable
    expect(lineSyllables('사랑해')).toBe(3);
    expect(lineSyllables('[Chorus]')).toBe(0);
  });
});

describe('lyrics workspace: outline and length', () => {
  const lyrics =
    'untagged line\n[Verse 1]\nHello night\n\nbeautiful tree\n[Chorus]\nlove love love\n';

  it('sections carry their lines and syllables; lines keep their editor numbers', () => {
    const m = measureLyrics(lyrics);
    expect(m.sections).toEqual([
      { name: null, lines: 1, syllables: 3 },
      { name: 'Verse 1', lines: 2, syllables: 7 },
      { name: 'Chorus', lines: 1, syllables: 3 },
    ]);
    expect(m.lines.map((l) => [l.number, l.syllables])).toEqual([
      [1, 3],
      [3, 3],
      [5, 4],
      [7, 3],
    ]);
    expect(m.syllables).toBe(13);
  });

  it('notes lyrics clearly too short or too long for the model, nothing in between', () => {
    expect(lengthNote(0, 'v4.5')).toBeNull();
    expect(lengthNote(13, 'v4.5')).toEqual({ kind: 'short', sungS: 4 });
    expect(lengthNote(300, 'v4.5')).toBeNull();
    // v3.0 makes songs of up to 2 minutes: 500 syllables sung take about 150 s
    expect(lengthNote(500, 'v3.0')).toEqual({ kind: 'long', sungS: 150, maxS: 120 });
    expect(lengthNote(500, 'v4.5')).toBeNull();
  });

  it('knows the caret line', () => {
    expect(lineAt('a\nb\nc', 0)).toBe(1);
    expect(lineAt('a\nb\nc', 2)).toBe(2);
    expect(lineAt('a\nb\nc', 5)).toBe(3);
  });
});

describe('prompt check (heuristics)', () => {
  it('lyrics-like text in description mode, not in custom', () => {
    expect(promptNotes('[Verse]\nI walk alone', 'auto')).toEqual([{ kind: 'lyricsLike' }]);
    expect(promptNotes('line one\nline two\nline three', 'auto')).toEqual([{ kind: 'lyricsLike' }]);
    expect(promptNotes('[Verse]\nI walk alone', 'custom')).toEqual([]);
    expect(promptNotes('A dreamy synthwave song about night driving', 'auto')).toEqual([]);
  });

  it('many genres at once; one genre written two ways counts once', () => {
    expect(genresIn('city pop, hip-hop, hip hop')).toEqual(['hip hop', 'city pop']);
    expect(genresIn('k-pop and pop')).toEqual(['pop', 'k pop']);
    expect(promptNotes('jazz, rock, metal, reggae fusion', 'custom')).toEqual([
      { kind: 'genres', genres: ['rock', 'jazz', 'metal', 'reggae'] },
    ]);
    expect(promptNotes('jazz, rock, metal', 'custom')).toEqual([]);
  });

  it('bracketed parameters', () => {
    expect(promptNotes('warm pop [bpm=120]', 'custom')).toEqual([
      { kind: 'parameters', example: '[bpm=120]' },
    ]);
    expect(promptNotes('warm pop --tempo 90', 'auto')).toEqual([
      { kind: 'parameters', example: '--tempo' },
    ]);
    expect(promptNotes('warm pop, bpm: 120', 'auto')).toEqual([
      { kind: 'parameters', example: 'bpm: 120' },
    ]);
    expect(promptNotes('warm pop with a soft piano', 'auto')).toEqual([]);
  });
});

describe('the word at the caret (for the rhyme helper)', () => {
  it('is the word the caret is in or just after, apostrophes inside kept', () => {
    const text = 'Tonight we don’t sleep,\nlove';
    expect(wordAt(text, 3)).toBe('Tonight');
    expect(wordAt(text, 7)).toBe('Tonight');
    expect(wordAt(text, 12)).toBe('don’t');
    expect(wordAt(text, text.length)).toBe('love');
    expect(wordAt(text, 22)).toBe('sleep');
    expect(wordAt(text, 23)).toBeNull();
    expect(wordAt('', 0)).toBeNull();
  });
});
