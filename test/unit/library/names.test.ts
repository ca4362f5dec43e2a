import { describe, expect, it } from 'vitest';
import {
  MAX_BASE_BYTES,
  nameSet,
  sanitizeBaseName,
  uniqueFileName,
} from '../../../src/main/services/library/names';

describe('sanitizeBaseName', () => {
  it('removes separators, traversal and control characters', () => {
    expect(sanitizeBaseName('../../etc/passwd')).toBe('-..-etc-passwd');
    expect(sanitizeBaseName('..')).toBe('Untitled');
    expect(sanitizeBaseName('a\\b/c')).toBe('a-b-c');
    expect(sanitizeBaseName('Bell\u0007 \u0000Song\nTwo')).toBe('Bell Song Two');
    expect(sanitizeBaseName('What? <Really>: "yes" | no*')).toBe('What Really yes no');
  });

  it('never starts with a dot (hidden files, temp prefix)', () => {
    expect(sanitizeBaseName('.cadenza-tmp-abc')).toBe('cadenza-tmp-abc');
    expect(sanitizeBaseName('...hidden')).toBe('hidden');
  });

  it('drops trailing dots and spaces and guards Windows reserved names', () => {
    expect(sanitizeBaseName('Song. . .  ')).toBe('Song');
    expect(sanitizeBaseName('CON')).toBe('CON_');
    expect(sanitizeBaseName('nul')).toBe('nul_');
    expect(sanitizeBaseName('com1.tar')).toBe('com1.tar_');
    expect(sanitizeBaseName('Lpt9')).toBe('Lpt9_');
    expect(sanitizeBaseName('Console')).toBe('Console');
  });

  it('limits length in UTF-8 bytes without splitting a character', () => {
    const long = '歌'.repeat(100); // 3 bytes each
    const out = sanitizeBaseName(long);
    expect(Buffer.byteLength(out, 'utf8')).toBeLessThanOrEqual(MAX_BASE_BYTES);
    expect(out).toBe('歌'.repeat(40));
    expect(sanitizeBaseName('   ')).toBe('Untitled');
  });
});

describe('uniqueFileName', () => {
  it('adds a counter when the name or its sidecar name is taken, case-insensitively', () => {
    const taken = nameSet(['Song.mp3', 'song (2).MP3', 'Other.mp3.json']);
    expect(uniqueFileName('Song', '.mp3', taken)).toBe('Song (3).mp3');
    expect(uniqueFileName('Other', '.mp3', taken)).toBe('Other (2).mp3');
    expect(uniqueFileName('Fresh', '.mp3', taken)).toBe('Fresh.mp3');
  });
});
