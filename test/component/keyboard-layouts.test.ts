/**
 * The window's shortcuts on QWERTZ, AZERTY and JIS keyboards as Chromium reports them: Ctrl/Cmd
 * with the digit row opens a panel by the key's place (`code`), whatever the key prints (AZERTY's
 * unshifted digit row types & é " ' ( - è _ ç); Ctrl/Cmd+, opens Settings by the character, which
 * every one of these layouts types without Shift.
 */
import { describe, expect, it } from 'vitest';
import { isSettingsShortcut, panelShortcutDigit } from '../../src/renderer/app/shortcuts';

type Press = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;
const press = (key: string, code: string, mods: Partial<Press> = {}): KeyboardEvent =>
  ({
    key,
    code,
    ctrlKey: true,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  }) as KeyboardEvent;

/** What the digit row's keys 1–9 print unshifted, per layout. */
const DIGIT_ROW: Record<string, string[]> = {
  QWERTY: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
  QWERTZ: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
  AZERTY: ['&', 'é', '"', "'", '(', '-', 'è', '_', 'ç'],
  JIS: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
};
/** Where each layout's comma key sits (its `code`); it types ',' unshifted on all of them. */
const COMMA_CODE: Record<string, string> = {
  QWERTY: 'Comma',
  QWERTZ: 'Comma',
  AZERTY: 'KeyM',
  JIS: 'Comma',
};

describe('shortcuts on other keyboard layouts', () => {
  for (const [layout, keys] of Object.entries(DIGIT_ROW)) {
    it(`${layout}: Ctrl+digit row opens panels 1–9, Cmd too; Alt or Shift is something else`, () => {
      keys.forEach((key, i) => {
        expect(panelShortcutDigit(press(key, `Digit${i + 1}`))).toBe(i + 1);
        expect(
          panelShortcutDigit(press(key, `Digit${i + 1}`, { ctrlKey: false, metaKey: true })),
        ).toBe(i + 1);
        expect(panelShortcutDigit(press(key, `Digit${i + 1}`, { altKey: true }))).toBeNull();
        expect(panelShortcutDigit(press(key, `Digit${i + 1}`, { shiftKey: true }))).toBeNull();
      });
      expect(panelShortcutDigit(press(keys[0]!, `Digit1`, { ctrlKey: false }))).toBeNull();
    });

    it(`${layout}: Ctrl+, opens Settings`, () => {
      expect(isSettingsShortcut(press(',', COMMA_CODE[layout]!))).toBe(true);
      expect(isSettingsShortcut(press(';', 'Comma', { shiftKey: true }))).toBe(false);
    });
  }

  it('the number pad opens panels as well', () => {
    expect(panelShortcutDigit(press('3', 'Numpad3'))).toBe(3);
  });
});
