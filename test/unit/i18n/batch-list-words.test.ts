/**
 * A batch list's row problem ("Line 3: prompt: Describe the style of the song.") carries the rule's
 * reason by key (issue 27): the CLI prints the English words, the app says the whole line in its
 * language, the rule's reason included, and the field is the column the creator wrote.
 */
import i18next, { type ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseBatchList } from '@shared/domain/batch-list';
import { englishText } from '@shared/i18n/english';
import { addFormatters, i18nextOptions } from '@shared/i18n/setup';
import { bindI18n, reasonedText } from '../../../src/renderer/i18n/bound';

const catalogs = import.meta.glob<ResourceKey>('../../../src/shared/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function bindLanguage(lang: string) {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [path, bundle] of Object.entries(catalogs)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (m) (resources[m[1]!] ??= {})[m[2]!] = bundle;
  }
  const instance = i18next.createInstance();
  void instance.init(i18nextOptions('en', resources));
  addFormatters(instance);
  void instance.changeLanguage(lang);
  bindI18n(null, instance);
}

describe('a batch row Create would refuse', () => {
  const list = parseBatchList('prompt,title,model\n ,Night,v4.5\nok,,v1\n', {
    fileName: 'x.csv',
    defaultModel: 'v4.5',
  });
  const [empty] = list.problems;

  it('keeps the rule’s key and parameters beside its English reason', () => {
    expect(empty).toMatchObject({
      line: 2,
      key: 'batch:list.rowInvalid',
      params: { reasonKey: 'errors:rules.promptEmpty', field: 'prompt' },
    });
    expect(englishText(empty!.key, empty!.params)).toBe(
      'Line 2: prompt: Describe the style of the song.',
    );
  });

  it('is said whole in the app’s language, the reason too', () => {
    bindLanguage('de');
    const text = reasonedText(empty!.key, { ...empty!.params, line: empty!.line });
    expect(text).toMatch(/^Zeile 2: prompt: /);
    expect(text).not.toContain('Describe the style');
    bindLanguage('ja');
    expect(reasonedText(empty!.key, empty!.params)).not.toContain('Describe the style');
  });

  it('carries the rule’s own parameters (a title too long says its length)', () => {
    const l = parseBatchList(`prompt,title\nrock,${'t'.repeat(90)}\n`, { defaultModel: 'v4.5' });
    expect(l.problems[0]?.params).toMatchObject({
      field: 'title',
      reasonKey: 'errors:rules.titleTooLong',
      now: 90,
    });
    bindLanguage('fr');
    expect(reasonedText(l.problems[0]!.key, l.problems[0]!.params)).toContain('90');
  });
});
