/** The one take rule (issue 31, point 5): the service's own marks dropped, takes numbered by Cadenza. */
import { describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/ipc/library';
import { baseTitle, takeNumbers } from '@shared/take-title';
import { takeNumbersOf } from '../../../src/renderer/lib/take-title';

describe('take titles', () => {
  it('drops the mark the service gives a take in description mode, and nothing else', () => {
    expect(baseTitle('Neon Tide (Take 2)')).toBe('Neon Tide');
    expect(baseTitle('Neon Tide (variation 3) ')).toBe('Neon Tide');
    expect(baseTitle('Neon Tide')).toBe('Neon Tide');
    expect(baseTitle('Paper boats (2)')).toBe('Paper boats (2)');
    expect(baseTitle('Take 5')).toBe('Take 5');
    expect(baseTitle('(Take 2)', 'Harbour Lights')).toBe('Harbour Lights');
  });

  it('numbers the outputs that go to the library, only when there are two or more', () => {
    expect(takeNumbers([true, true])).toEqual([1, 2]);
    expect(takeNumbers([true, false, true])).toEqual([1, null, 2]);
    expect(takeNumbers([true])).toEqual([null]);
  });

  it('numbers library items by the number saved with them, else oldest first in their group', () => {
    const item = (id: string, group: string | null, createdAt: string, take?: number) =>
      ({
        id,
        variationGroup: group,
        createdAt,
        file: `${id}.mp3`,
        ...(take ? { take } : {}),
      }) as unknown as LibraryItemView;
    const numbers = takeNumbersOf([
      item('b', 'g1', '2025-01-02'),
      item('a', 'g1', '2025-01-01'),
      item('kept', 'g2', '2025-01-01', 2), // its take 1 is gone
      item('alone', 'g3', '2025-01-01'), // an older item whose sibling is gone: no number known
      item('single', null, '2025-01-01'),
    ]);
    expect([...numbers].sort()).toEqual([
      ['a', 1],
      ['b', 2],
      ['kept', 2],
    ]);
  });
});
