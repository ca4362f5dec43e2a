/**
 * Checks main makes on its own (IPC argument validation, merged file and link checks) say their
 * faults by key beside the English words (issue 27), so the renderer shows them in the app's
 * language. Each case fails when the message carries English only.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidArgument } from '../../../src/main/shell/ipc';
import { CollectionNameSchema } from '@shared/ipc/collections';
import { ItemTitleSchema } from '@shared/ipc/library';
import { englishText } from '@shared/i18n/english';

function refusal(schema: z.ZodType, value: unknown) {
  const parsed = z.tuple([schema]).safeParse([value]);
  if (parsed.success) throw new Error('expected a refusal');
  return invalidArgument(parsed.error);
}

describe('an IPC argument refused by a rule', () => {
  it('a collection with no name: "Invalid request" keyed, the rule inside it keyed', () => {
    const e = refusal(CollectionNameSchema, '   ');
    expect(e.message).toBe('Invalid request: Give the collection a name.');
    expect(e.key).toBe('errors:invalidRequest');
    expect(e.params).toMatchObject({ reasonKey: 'errors:collections.noName' });
    expect(e.fields).toEqual({ arg0: 'Give the collection a name.' });
    expect(e.fieldKeys).toEqual({ arg0: { key: 'errors:collections.noName' } });
  });

  it('names too long (collections and items) say the limit as a parameter', () => {
    for (const schema of [CollectionNameSchema, ItemTitleSchema]) {
      const e = refusal(schema, 'n'.repeat(121));
      expect(e.params).toMatchObject({ reasonKey: 'errors:nameTooLong', max: 120 });
      expect(e.message).toBe(`Invalid request: ${englishText('errors:nameTooLong', { max: 120 })}`);
    }
    expect(refusal(ItemTitleSchema, '').params).toMatchObject({
      reasonKey: 'errors:library.noTitle',
    });
    expect(ItemTitleSchema.parse('  Harbour Lights ')).toBe('Harbour Lights');
  });

  it('zod’s own issues keep their words but the prefix is keyed', () => {
    const e = refusal(z.number(), 'x');
    expect(e.key).toBe('errors:invalidRequest');
    expect(e.message).toMatch(/^Invalid request: /);
  });
});

describe('checks of links and files made in main', () => {
  it('a measured link’s problem carries its key beside the English words', async () => {
    const { measureUrl } = await import('../../../src/main/services/covers/measure');
    const m = await measureUrl('ftp://example.com/take.mp3');
    expect(m.problem).toBe('Only http(s) links can be used.');
    expect(m.problemKey).toEqual({ key: 'errors:measure.onlyHttp' });
  });

  it('sizes and lengths travel as numbers, said in the language’s digits', async () => {
    const { applyLanguageChoice, tr } = await import('../../../src/main/shell/i18n');
    const params = { max: 4.7, size: 5.2 };
    expect(englishText('errors:videos.photoSize', params)).toBe(
      'The photo must be at most 4.7 MB (it is 5.2 MB).',
    );
    expect(englishText('errors:clone.tooShort', { length: 1.2, min: 2 })).toBe(
      'The recording lasts 1.2 s; use at least 2.0 s of speech.',
    );
    applyLanguageChoice('de');
    expect(tr('errors:videos.photoSize', params)).toBe(
      'Das Foto darf höchstens 4,7 MB groß sein (es hat 5,2 MB).',
    );
    expect(tr('errors:clone.tooShort', { length: 1.2, min: 2 })).toContain('2,0 s');
    applyLanguageChoice('en');
  });

  it('a singing photo too large gives its size as a number (German reads 8,6, not 8.6)', async () => {
    const { checkFields, SingingRulesSchema } = await import('@shared/domain/service-inputs');
    const { applyLanguageChoice, tr } = await import('../../../src/main/shell/i18n');
    const input = { audioUrl: 'https://a', imageUrl: 'https://i', imageBytes: 9e6 };
    const { fields, fieldKeys } = checkFields(SingingRulesSchema, input);
    expect(fieldKeys.imageUrl).toEqual({ key: 'errors:rules.photoTooLarge', params: { mb: 8.6 } });
    expect(fields.imageUrl).toBe('The photo must be at most 4.7 MB (it is 8.6 MB).');
    applyLanguageChoice('de');
    expect(tr('errors:rules.photoTooLarge', fieldKeys.imageUrl!.params)).toBe(
      'Das Foto darf höchstens 4,7 MB groß sein (es hat 8,6 MB).',
    );
    applyLanguageChoice('en');
  });
});
