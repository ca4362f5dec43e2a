import { describe, expect, it } from 'vitest';
import {
  createRhymes,
  lookupForm,
  rhymePart,
  syllablesOf,
} from '../../../src/main/services/rhymes';

describe('rhyme helper: the rhyming part of a pronunciation', () => {
  it('starts at the last stressed vowel, stress marks dropped', () => {
    expect(rhymePart('N AY1 T')).toBe('AY T');
    expect(rhymePart('B IH0 L OW1')).toBe('OW');
    expect(rhymePart('HH AE1 P IY0')).toBe('AE P IY');
    // no primary stress: the last secondary, else the last vowel
    expect(rhymePart('DH AH0')).toBe('AH');
    expect(syllablesOf('B Y UW1 T AH0 F AH0 L')).toBe(3);
  });

  it('looks words up as the dictionary spells them', () => {
    expect(lookupForm('“Tonight,”')).toBe('tonight');
    expect(lookupForm('Don’t')).toBe("don't");
  });
});

describe('rhyme helper against the CMU pronouncing dictionary (known words)', () => {
  const rhymes = createRhymes();

  it('finds perfect rhymes and syllables for known words', { timeout: 60_000 }, async () => {
    const night = await rhymes.find('night');
    expect(night).toMatchObject({ word: 'night', known: true, syllables: 1 });
    expect(night.rhymes).toEqual(expect.arrayContaining(['light', 'bite', 'kite']));
    expect(night.rhymes).not.toContain('night');
    expect(night.rhymes).not.toContain('knife');

    const heart = await rhymes.find('Heart,');
    expect(heart.rhymes).toEqual(expect.arrayContaining(['art', 'part', 'start']));
    expect(heart.rhymes).not.toContain('hurt');

    const money = await rhymes.find('money');
    expect(money.syllables).toBe(2);
    expect(money.rhymes).toEqual(expect.arrayContaining(['honey', 'funny', 'sunny']));
    // as many syllables first
    expect(money.rhymes.slice(0, 5).every((w) => !w.includes(' '))).toBe(true);

    expect((await rhymes.find('beautiful')).syllables).toBe(3);
    expect((await rhymes.find('orange')).rhymes).toEqual([]);
  });

  it('says when a word is not in the dictionary, and never answers for non-words', async () => {
    expect(await rhymes.find('xqzzyv')).toEqual({
      word: 'xqzzyv',
      known: false,
      syllables: null,
      rhymes: [],
    });
    expect((await rhymes.find('1234')).known).toBe(false);
    expect((await rhymes.find('<<>>')).known).toBe(false);
    expect((await rhymes.find('')).known).toBe(false);
  });

  it('loads the dictionary once, on the first question only', async () => {
    let loads = 0;
    const small = createRhymes(async () => {
      loads += 1;
      return { cat: 'K AE1 T', hat: 'HH AE1 T', 'hat(2)': 'HH AE1 T', dog: 'D AO1 G' };
    });
    expect(loads).toBe(0);
    expect((await small.find('cat')).rhymes).toEqual(['hat']);
    expect((await small.find('dog')).rhymes).toEqual([]);
    expect(loads).toBe(1);
  });
});
