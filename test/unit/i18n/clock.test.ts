import { describe, expect, it } from 'vitest';
import { formatClockTenths } from '../../../src/shared/i18n/format';

describe('a clock to the tenth (where an extension starts)', () => {
  it('uses the language’s decimal sign and carries the tenths into the minute', () => {
    expect(formatClockTenths(65.3, 'en')).toBe('1:05.3');
    expect(formatClockTenths(65.3, 'de')).toBe('1:05,3');
    expect(formatClockTenths(65.3, 'fr')).toBe('1:05,3');
    expect(formatClockTenths(5, 'ja')).toBe('0:05.0');
    // 59.96 s is 1:00.0, not "0:60.0"
    expect(formatClockTenths(59.96, 'en')).toBe('1:00.0');
    expect(formatClockTenths(Number.NaN, 'en')).toBe('–');
  });
});
