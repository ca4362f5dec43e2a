/**
 * A form field's message reaches the screen through `fieldText` (renderer/i18n): main keys field
 * messages (`fieldKeys`) and `fields` holds only their English words, so a form that shows
 * `error.fields.name` as it came stays English in every language (issue 27).
 *
 * The gate reads src/renderer: `fields` may be tested (`err?.fields?.name &&`, `!err.fields`),
 * never shown — no `{…fields.x}` in JSX, no `error={…fields…}` / `hint={…}` prop, no `fields[…]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const rendererDir = join(root, 'src/renderer');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Ways a field's English message is put on screen as it came. */
const SHOWN_AS_IS = [
  /\{[\w.?]*\bfields\??\.\w+\}/, // {error.fields.name}
  /\b(error|hint|notice)=\{(?!!)[^}]*\bfields\??\.\w+[^}]*\}/, // error={s.trainError?.fields?.name}
  /\bfields\??\.\w+\s*\?\?/, // error.fields?.name ?? errorText(error)
  /[fF]ields\w*\[\w+\]/, // serverFields[field], fields[name]
];

/** The lines of `text` that show a field message without fieldText. */
function shownAsIs(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/)/.test(line))
    .filter((line) => SHOWN_AS_IS.some((re) => re.test(line)))
    .map((line) => line.trim());
}

describe('field messages from main are shown in the app’s language', () => {
  it('no renderer file shows error.fields as it came (fieldText does)', () => {
    const found = sourceFiles(rendererDir)
      .filter((file) => !file.includes(`${join('src', 'renderer', 'i18n')}`))
      .flatMap((file) =>
        shownAsIs(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}: ${line}`),
      );
    expect(found).toEqual([]);
  });

  it('can fail: the forms as they were are found, fieldText and tests of fields are not', () => {
    expect(
      shownAsIs('{error?.fields?.name && <p className="field-error">{error.fields.name}</p>}'),
    ).toHaveLength(1);
    expect(shownAsIs('          error={s.trainError?.fields?.name}')).toHaveLength(1);
    expect(shownAsIs('            {error.fields?.name ?? errorText(error)}')).toHaveLength(1);
    expect(
      shownAsIs('    (touched ? localErrors[field] : undefined) ?? serverFields[field];'),
    ).toHaveLength(1);
    expect(shownAsIs('    const message = fields[name];')).toHaveLength(1);
    expect(
      shownAsIs(
        '{error?.fields?.name && <p className="field-error">{fieldText(error, \'name\')}</p>}',
      ),
    ).toEqual([]);
    expect(shownAsIs('      {s.singingError && !s.singingError.fields && (')).toEqual([]);
    expect(shownAsIs('        error={!error?.fields?.text && error}')).toEqual([]);
  });
});
