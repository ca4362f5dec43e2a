import { describe, expect, it } from 'vitest';
import { parseCommandArgs, UsageError } from '../../../src/cli/command';

const options = { tran: { type: 'string' }, custom: { type: 'boolean' } } as const;

describe('CLI argument parsing', () => {
  it('reads a negative number after an option as its value (--tran -3)', () => {
    const { values, positionals } = parseCommandArgs(
      ['song.mp3', '--tran', '-3', '--custom'],
      options,
      'cover',
    );
    expect(values.tran).toBe('-3');
    expect(values.custom).toBe(true);
    expect(positionals).toEqual(['song.mp3']);
  });

  it('still refuses an unknown flag with a usage error naming the command', () => {
    expect(() => parseCommandArgs(['--tran', '-x'], options, 'cover')).toThrow(UsageError);
    expect(() => parseCommandArgs(['--nope'], options, 'cover')).toThrow(
      /see cadenza cover --help/,
    );
  });
});
