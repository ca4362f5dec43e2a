import { describe, expect, it } from 'vitest';
import { bestFit, fitOne, resolveChoice } from '../../../src/shared/i18n/languages';
import { pseudoCatalog, pseudoLocalize } from '../../../src/shared/i18n/pseudo';
import {
  formatDuration,
  formatFileSize,
  formatList,
  formatNumber,
} from '../../../src/shared/i18n/format';
import { countWords } from '../../../src/shared/i18n/words';
import { englishText } from '../../../src/shared/i18n/english';
import { toErrorShape } from '../../../src/shared/errors';
import { appError } from '../../../src/shared/app-error';
import { buildMenuTemplate } from '../../../src/main/shell/menu';
import { httpFailure, inBandFailure } from '../../../src/main/services/api/errors';
import { applyLanguageChoice, setSystemLanguages, tr } from '../../../src/main/shell/i18n';

describe('the start language', () => {
  it('is the best fit of the OS languages, in their order', () => {
    expect(bestFit(['pt-PT', 'en-US'])).toBe('pt-BR');
    expect(bestFit(['zh-TW'])).toBe('zh-CN');
    expect(bestFit(['zh-Hant-HK'])).toBe('zh-CN');
    expect(bestFit(['de-AT'])).toBe('de');
    expect(bestFit(['nl-NL', 'fr-CA', 'de'])).toBe('fr');
    expect(bestFit(['es-419'])).toBe('es');
    expect(bestFit(['ja_JP'])).toBe('ja');
    expect(bestFit(['nl-NL', 'sv'])).toBe('en');
    expect(bestFit([])).toBe('en');
    expect(fitOne('ko-KR')).toBe('ko');
    expect(resolveChoice('system', ['ko-KR'])).toBe('ko');
    expect(resolveChoice('de', ['ko-KR'])).toBe('de');
  });
});

describe('the pseudo-locale', () => {
  it('accents, lengthens by about a third and brackets, keeping placeholders and tags', () => {
    const p = pseudoLocalize('Save {{count}} files to <0>Library</0>');
    expect(p.startsWith('⟦') && p.endsWith('⟧')).toBe(true);
    expect(p).toContain('{{count}}');
    expect(p).toContain('<0>');
    expect(p).toContain('</0>');
    expect(p).not.toMatch(/Save|files/);
    const plain = 'Show library folder';
    expect(pseudoLocalize(plain).length).toBeGreaterThanOrEqual(Math.round(plain.length * 1.3));
  });

  it('gives a plural every CLDR form from its _other (the right-to-left mode plurals as Arabic)', () => {
    const c = pseudoCatalog({ a_one: 'one file', a_other: '{{count}} files' });
    expect(Object.keys(c).sort()).toEqual([
      'a_few',
      'a_many',
      'a_one',
      'a_other',
      'a_two',
      'a_zero',
    ]);
  });
});

describe('Intl helpers', () => {
  it('format in the chosen language, not forced English', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatFileSize(12_400_000, 'de')).toBe('12,4 MB');
    expect(formatFileSize(999, 'en')).toBe('999 bytes');
    expect(formatList(['a', 'b', 'c'], 'es')).toBe('a, b y c');
    expect(formatDuration(185, 'en')).toBe('3 minutes, 5 seconds');
    expect(formatDuration(0, 'en')).toBe('0 seconds');
    expect(formatDuration(3600, 'de')).toBe('1 Stunde');
  });

  it('count words as the language segments them', () => {
    expect(countWords('Hello there, friend', 'en')).toBe(3);
    expect(countWords('我喜欢唱歌', 'zh-CN')).toBeGreaterThan(1);
    expect(countWords('  ', 'en')).toBe(0);
  });
});

describe('AppError keys', () => {
  it('keep English words for the log and CLI, and the key and params for the renderer', () => {
    const e = appError('io', 'errors:settingsUnsaved');
    expect(e.message).toBe(englishText('errors:settingsUnsaved'));
    expect(e.message).toMatch(/^Cadenza could not save its settings/);
    expect(e.toShape()).toMatchObject({ code: 'io', key: 'errors:settingsUnsaved' });
    expect(toErrorShape(new Error('x'))).toMatchObject({
      code: 'internal',
      key: 'errors:internal',
    });
  });

  it('English text fills placeholders and picks the plural form', () => {
    expect(englishText('main:notify.inLibraryFiles', { name: 'A', count: 2 })).toBe(
      '“A” is in your library (2 files).',
    );
  });
});

describe("main's language", () => {
  it('follows the choice or the OS, and the menu is built in it', () => {
    setSystemLanguages(['de-DE']);
    expect(applyLanguageChoice('system')).toBe('de');
    const actions = {
      showLibraryFolder() {},
      openLogsFolder() {},
      copyDiagnosticReport() {},
      openSettings() {},
      editCommand() {},
    };
    const menu = buildMenuTemplate({
      platform: 'win32',
      isPackaged: true,
      appName: 'Cadenza',
      actions,
      t: tr,
    });
    expect(menu.map((m) => m.label)).toEqual([
      'Datei',
      'Bearbeiten',
      'Ansicht',
      'Fenster',
      'Hilfe',
    ]);
    const edit = menu[1]!.submenu as { label?: string }[];
    expect(edit[0]!.label).toBe('Rückgängig');
    expect(applyLanguageChoice('ja')).toBe('ja');
    expect(tr('menu:file')).toBe('ファイル');
    // a literal "&" in a translation is not a mnemonic on Windows
    const amp = buildMenuTemplate({
      platform: 'win32',
      isPackaged: true,
      appName: 'Cadenza',
      actions,
      t: (key) => (key === 'menu:file' ? 'Files & folders' : key),
    });
    expect(amp[0]!.label).toBe('Files && folders');
    applyLanguageChoice('en');
  });
});

describe("the service's failures, said in the app's language", () => {
  it('map an exhausted counter (in the service’s Chinese too) to a key; the raw words stay', () => {
    const ctx = { action: 'make the cover', counter: 'key_cover_counts' as const, mayCharge: true };
    const e = inBandFailure({ status: 400, message: '权益不足' }, ctx, undefined);
    expect(e.code).toBe('entitlement');
    expect(e.key).toBe('errors:service.entitlement.covers');
    expect(e.message).toContain('could not make the cover'); // English for the log and the CLI
    expect(e.raw).toEqual({ status: 400, message: '权益不足' });
    applyLanguageChoice('de');
    expect(tr(e.key!, e.params)).toBe(
      'Dein Schlüssel hat keine Cover mehr. Das Restguthaben siehst du unter Konto.',
    );
    applyLanguageChoice('en');
  });

  it('key the charge note only when the request reached the service', () => {
    const ctx = { action: 'make the song', mayCharge: true };
    expect(httpFailure(502, '', ctx, undefined).key).toBe('errors:service.serverCharged');
    expect(httpFailure(502, '', { ...ctx, mayCharge: false }, undefined).key).toBe(
      'errors:service.server',
    );
    expect(httpFailure(401, {}, ctx, undefined).key).toBe('errors:service.auth');
    expect(httpFailure(400, { message: 'bad prompt' }, ctx, undefined)).toMatchObject({
      key: 'errors:service.refusedSaid',
      params: { said: 'bad prompt' },
    });
  });
});
