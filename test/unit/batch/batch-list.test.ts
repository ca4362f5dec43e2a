/** The batch list reader (docs/batches.md): typed lines, CSV and TSV, and refusals by line. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchSongInput, parseBatchList } from '@shared/domain/batch-list';

const read = (text: string, fileName?: string) =>
  parseBatchList(text, { defaultModel: 'v4.5-plus', ...(fileName ? { fileName } : {}) });

describe('the batch list', () => {
  it('reads one prompt per line, skipping blanks and # comments', () => {
    const l = read('# moods\nharbour lights\r\n\n  desert road  \n');
    expect(l.format).toBe('lines');
    expect(l.problems).toEqual([]);
    expect(l.prompts.map((p) => p.prompt)).toEqual(['harbour lights', 'desert road']);
  });

  it('reads the documented example CSV: quoted lyrics keep their line breaks', () => {
    const text = readFileSync(join(__dirname, '../../../docs/examples/batch.csv'), 'utf8');
    const l = read(text, 'batch.csv');
    expect(l.problems).toEqual([]);
    expect(l.prompts).toHaveLength(4);
    expect(l.prompts[1]).toMatchObject({
      title: 'Neon Tide',
      model: 'v4.5',
      instrumental: false,
      lyrics: '[Verse]\nStreetlights hum a silver tune\n[Chorus]\nRide the neon tide with me',
    });
    expect(l.prompts[2]).toMatchObject({ instrumental: true, model: 'v4.5-plus' });
    expect(l.prompts[3]?.model).toBe('v1');
  });

  it('reads a TSV by its header, columns in any order, \\n as a line break', () => {
    const l = read('title\tprompt\tlyrics\nOne\tlo-fi rain\tline one\\nline two\n');
    expect(l.format).toBe('tsv');
    expect(l.prompts[0]).toMatchObject({ prompt: 'lo-fi rain', lyrics: 'line one\nline two' });
  });

  it('names the line of every problem and keeps none of the list quiet', () => {
    const l = read('prompt,model,instrumental\nok,v4.5,\n,v4.5,\nfine,v9,maybe\n', 'x.csv');
    expect(l.problems.map((p) => [p.line, p.key])).toEqual([
      [3, 'batch:list.rowInvalid'],
      [4, 'batch:list.badModel'],
      [4, 'batch:list.badInstrumental'],
    ]);
  });

  it('refuses a table without a prompt column and an empty list', () => {
    expect(read('title,lyrics\na,b\n', 'x.csv').problems[0]?.key).toBe('batch:list.noPromptColumn');
    expect(read('\n# nothing\n').problems[0]?.key).toBe('batch:list.empty');
  });

  it('sends description mode unless a title, lyrics or instrumental asks for custom', () => {
    const base = { prompt: 'p', title: '', lyrics: '', model: null, instrumental: false };
    expect(batchSongInput(base, 'v4.5')).toEqual({
      api: 'v2',
      input: { mode: 'auto', prompt: 'p', modelVersion: 'v4.5' },
    });
    expect(batchSongInput({ ...base, instrumental: true, lyrics: 'x' }, 'v4.5').input).toEqual({
      mode: 'custom',
      prompt: 'p',
      instrumental: true,
      modelVersion: 'v4.5',
    });
    expect(batchSongInput({ ...base, model: 'v1' }, 'v4.5')).toEqual({
      api: 'v1',
      input: { mode: 'auto', prompt: 'p' },
    });
  });
});
