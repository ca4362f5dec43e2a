/**
 * The window's shortcuts on QWERTZ, AZERTY and JIS keyboards as Chromium reports them: Ctrl/Cmd
 * with the digit row opens a panel by the key's place (`code`), whatever the key prints (AZERTY's
 * unshifted digit row types & é " ' ( - è _ ç); Ctrl/Cmd+, opens Settings by the character, which
 * every one of these layouts types without Shift.
 */
import { describe, expect, it } from 'vitest';
import { isSettingsShortcut, panelShortcutDigit } from '../../src/renderer/app/shortcuts';
import { listKey } from '../../src/renderer/panels/library/keys';
import { isUndoKey } from '../../src/renderer/lib/keys';

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

/**
 * The Library list's Ctrl/Cmd+A (select all) and Ctrl/Cmd+Z (undo) by the letter the layout types:
 * QWERTZ swaps Y and Z (its Z sits at `KeyY`), AZERTY swaps A/Q and Z/W (its A sits at `KeyQ`, its Z
 * at `KeyW`), JIS types QWERTY's letters; a Cyrillic layout types no Latin letter, so the key's place
 * decides. Delete, F2, Enter and Escape are named keys on all of them.
 */
describe('the Library list’s keys on other keyboard layouts', () => {
  const LETTER_AT: Record<string, { a: string; z: string }> = {
    QWERTY: { a: 'KeyA', z: 'KeyZ' },
    QWERTZ: { a: 'KeyA', z: 'KeyY' },
    AZERTY: { a: 'KeyQ', z: 'KeyW' },
    JIS: { a: 'KeyA', z: 'KeyZ' },
  };
  for (const [layout, at] of Object.entries(LETTER_AT))
    it(`${layout}: Ctrl+A selects all and Ctrl+Z undoes by the letter typed (Cmd on macOS)`, () => {
      expect(listKey(press('a', at.a), false)).toBe('selectAll');
      expect(listKey(press('z', at.z), false)).toBe('undo');
      const cmd = { ctrlKey: false, metaKey: true };
      expect(listKey(press('a', at.a, cmd), true)).toBe('selectAll');
      expect(listKey(press('z', at.z, cmd), true)).toBe('undo');
      // Ctrl on macOS, Cmd elsewhere, or Shift/Alt added: not these commands
      expect(listKey(press('a', at.a), true)).toBeNull();
      expect(listKey(press('a', at.a, cmd), false)).toBeNull();
      expect(listKey(press('z', at.z, { shiftKey: true }), false)).toBeNull();
      expect(listKey(press('a', at.a, { altKey: true }), false)).toBeNull();
      // the key in QWERTY's A/Z place types another letter here: it is that letter
      if (at.a !== 'KeyA') expect(listKey(press('q', 'KeyA'), false)).toBeNull();
      if (at.z !== 'KeyZ')
        expect(listKey(press(layout === 'QWERTZ' ? 'y' : 'w', 'KeyZ'), false)).toBeNull();
      // the window's Undo (the trash toast's, in the Library and Songs) reads Z the same way
      expect(isUndoKey(press('z', at.z), false)).toBe(true);
      expect(isUndoKey(press('z', at.z, cmd), true)).toBe(true);
      expect(isUndoKey(press('z', at.z), true)).toBe(false);
      expect(isUndoKey(press('z', at.z, { shiftKey: true }), false)).toBe(false);
      if (at.z !== 'KeyZ')
        expect(isUndoKey(press(layout === 'QWERTZ' ? 'y' : 'w', 'KeyZ'), false)).toBe(false);
    });

  it('a layout without Latin letters (Russian) reads the key’s place', () => {
    expect(listKey(press('ф', 'KeyA'), false)).toBe('selectAll');
    expect(listKey(press('я', 'KeyZ'), false)).toBe('undo');
    expect(isUndoKey(press('я', 'KeyZ'), false)).toBe(true);
  });

  it('Delete, F2, Enter and Escape per platform, whatever the layout', () => {
    const plain = { ctrlKey: false };
    expect(listKey(press('Delete', 'Delete', plain), false)).toBe('trash');
    expect(listKey(press('Backspace', 'Backspace', { ctrlKey: false, metaKey: true }), true)).toBe(
      'trash',
    );
    expect(listKey(press('F2', 'F2', plain), false)).toBe('rename');
    expect(listKey(press('Enter', 'Enter', plain), true)).toBe('rename');
    expect(listKey(press('Enter', 'Enter', plain), false)).toBe('play');
    expect(listKey(press('ArrowDown', 'ArrowDown', { ctrlKey: false, metaKey: true }), true)).toBe(
      'play',
    );
    expect(listKey(press('Escape', 'Escape', plain), false)).toBe('clear');
  });
});
