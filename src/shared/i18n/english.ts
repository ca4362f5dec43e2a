/**
 * English text for a key without i18next: the words an AppError keeps for the log and the CLI
 * (which stay English), and main's messages before its i18next instance exists. Same catalogs,
 * same `{{name}}` placeholders and `_one`/`_other` plurals as i18next reads them.
 */
import common from './locales/en/common.json';
import shell from './locales/en/shell.json';
import settings from './locales/en/settings.json';
import menu from './locales/en/menu.json';
import main from './locales/en/main.json';
import errors from './locales/en/errors.json';
import format from './locales/en/format.json';
import voice from './locales/en/voice.json';
import songs from './locales/en/songs.json';
import covers from './locales/en/covers.json';
import videos from './locales/en/videos.json';
import library from './locales/en/library.json';
import edit from './locales/en/edit.json';
import player from './locales/en/player.json';
import components from './locales/en/components.json';
import account from './locales/en/account.json';
import jobs from './locales/en/jobs.json';
import firstRun from './locales/en/firstRun.json';
import batch from './locales/en/batch.json';
import type { Namespace } from './namespaces';

/** Parameters of a message: numbers, or strings (creator content is bidi-isolated when shown). */
export type MessageParams = Record<string, string | number>;

/** The English catalogs by namespace (the source language, bundled wherever English is needed). */
export const ENGLISH: Record<Namespace, Catalog> = {
  common,
  shell,
  settings,
  menu,
  main,
  errors,
  format,
  voice,
  songs,
  covers,
  videos,
  library,
  edit,
  player,
  components,
  account,
  jobs,
  firstRun,
  batch,
};

export interface Catalog {
  [key: string]: string | Catalog;
}

function lookup(catalog: Catalog | undefined, path: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of path.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const englishPlural = new Intl.PluralRules('en');
const englishNumber = new Intl.NumberFormat('en');
const englishTenths = new Intl.NumberFormat('en', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** `errors:io.settingsUnsaved` → its English text, placeholders filled; the key itself if unknown. */
export function englishText(key: string, params: MessageParams = {}): string {
  const [ns, path] = key.includes(':')
    ? (key.split(/:(.*)/s) as [string, string])
    : ['common', key];
  const catalog = ENGLISH[ns as Namespace];
  let text: string | undefined;
  if (typeof params.count === 'number')
    text = lookup(catalog, `${path}_${englishPlural.select(params.count)}`);
  text ??= lookup(catalog, path);
  if (text === undefined) return key;
  return text.replace(
    /\{\{\s*([\w]+)(?:\s*,\s*([\w]+))?\s*\}\}/g,
    (_, name: string, format: string | undefined) => {
      const value = params[name];
      if (value === undefined) return '';
      // `{{n, number}}` as i18next writes it in English (1,000), `{{n, tenths}}` one decimal (5.2,
      // setup.ts); other formats leave the value
      if (typeof value === 'number' && format === 'number') return englishNumber.format(value);
      if (typeof value === 'number' && format === 'tenths') return englishTenths.format(value);
      return String(value);
    },
  );
}
