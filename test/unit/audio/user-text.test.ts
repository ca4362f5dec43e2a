/**
 * A private tag field (Cadenza's recipe) as the probe's parse finds it, so the library reads a
 * found file's tags once (user-text.ts): ID3 TXXX by description (case-folded), a Vorbis comment
 * by name, and an ID3v2.3 text music-metadata split at its slashes put back together.
 */
import { describe, expect, it } from 'vitest';
import type { IAudioMetadata } from 'music-metadata';
import { userTextOf } from '../../../src/main/services/audio/probe/user-text';

const meta = (native: Record<string, Array<{ id: string; value: unknown }>>): IAudioMetadata =>
  ({ native }) as unknown as IAudioMetadata;

describe('userTextOf', () => {
  it('finds a TXXX frame by its description in any case, the first when there are two', () => {
    const m = meta({
      'ID3v2.4': [
        { id: 'TIT2', value: 'Song' },
        { id: 'TXXX:cadenza_recipe', value: '{"v":1}' },
        { id: 'TXXX:CADENZA_RECIPE', value: '{"v":2}' },
      ],
    });
    expect(userTextOf(m, 'CADENZA_RECIPE')).toBe('{"v":1}');
  });

  it('puts back an ID3v2.3 text split at its slashes', () => {
    const m = meta({
      'ID3v2.3': [
        { id: 'TXXX:CADENZA_RECIPE', value: '{"prompt":"a' },
        { id: 'TXXX:CADENZA_RECIPE', value: 'b"}' },
      ],
    });
    expect(userTextOf(m, 'CADENZA_RECIPE')).toBe('{"prompt":"a/b"}');
  });

  it('reads a Vorbis comment, and nothing from other tag types or other values', () => {
    expect(
      userTextOf(meta({ vorbis: [{ id: 'CADENZA_RECIPE', value: '{"v":1}' }] }), 'CADENZA_RECIPE'),
    ).toBe('{"v":1}');
    expect(
      userTextOf(
        meta({
          APEv2: [{ id: 'CADENZA_RECIPE', value: 'x' }],
          'ID3v2.4': [{ id: 'TXXX:CADENZA_RECIPE', value: { not: 'text' } }],
        }),
        'CADENZA_RECIPE',
      ),
    ).toBeNull();
  });
});
