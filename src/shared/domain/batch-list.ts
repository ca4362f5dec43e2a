/**
 * A batch's prompt list as the creator writes it (docs/batches.md): either one prompt per line,
 * or a CSV/TSV table whose first row names the columns `prompt` (required), `title`, `lyrics`,
 * `model` and `instrumental`, in any order. Quoted fields ("…", with "" for a quote) may span
 * lines, so lyrics keep their line breaks; in a TSV, `\n` inside a field is a line break too.
 * Blank lines and lines starting with `#` are skipped in a plain list.
 *
 * Every row is checked with the same rules Create uses (`SongRulesSchema`, `MusicV1RulesSchema`)
 * before anything is recorded: a list with a problem is refused whole, naming the line.
 */
import type { KeyedMessage } from '../errors';
import { BATCH_MAX_PROMPTS, BATCH_MODELS, type BatchModel, type BatchPrompt } from './batch';
import {
  MusicV1RulesSchema,
  SongRulesSchema,
  checkFields,
  type MusicV1Input,
  type SubmitSongInput,
} from './service-inputs';

export interface BatchListProblem extends KeyedMessage {
  /** 1-based line of the list (the table's row starts there). */
  line: number;
}

export interface BatchList {
  format: 'lines' | 'csv' | 'tsv';
  prompts: BatchPrompt[];
  problems: BatchListProblem[];
}

export const BATCH_COLUMNS = ['prompt', 'title', 'lyrics', 'model', 'instrumental'] as const;
type Column = (typeof BATCH_COLUMNS)[number];

interface Row {
  line: number;
  cells: string[];
}

/** Splits a delimited text into rows, honouring quotes (which may hold delimiters and newlines). */
function splitTable(text: string, delimiter: ',' | '\t'): Row[] {
  const rows: Row[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = (): void => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n') {
      endRow();
      line += 1;
      rowLine = line;
    } else if (ch !== '\r') cell += ch;
  }
  endRow();
  return rows;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'x']);
const FALSE_WORDS = new Set(['', '0', 'false', 'no', 'n']);

/** Which format a text is in: a table when its first row names a `prompt` column. */
function formatOf(text: string, fileName?: string): BatchList['format'] {
  const ext = fileName?.toLowerCase().match(/\.(csv|tsv|tab)$/)?.[1];
  if (ext === 'csv') return 'csv';
  if (ext === 'tsv' || ext === 'tab') return 'tsv';
  const first = text.split('\n', 1)[0]?.toLowerCase() ?? '';
  const names = (d: string) => first.split(d).map((c) => c.trim().replace(/^"|"$/g, ''));
  if (first.includes('\t') && names('\t').includes('prompt')) return 'tsv';
  if (names(',').includes('prompt')) return 'csv';
  return 'lines';
}

/** The input Create would send for a row (description mode unless a title, lyrics or instrumental). */
export function batchSongInput(
  p: BatchPrompt,
  defaultModel: string,
): { api: 'v1'; input: MusicV1Input } | { api: 'v2'; input: SubmitSongInput } {
  const custom = p.title !== '' || p.lyrics !== '' || p.instrumental;
  const fields = custom
    ? {
        mode: 'custom' as const,
        prompt: p.prompt,
        ...(p.title ? { title: p.title } : {}),
        ...(p.instrumental ? { instrumental: true } : p.lyrics ? { lyrics: p.lyrics } : {}),
      }
    : { mode: 'auto' as const, prompt: p.prompt };
  const model = p.model ?? defaultModel;
  if (model === 'v1') return { api: 'v1', input: fields };
  return {
    api: 'v2',
    input: { ...fields, modelVersion: model as SubmitSongInput['modelVersion'] },
  };
}

/** The list's column a rule's field stands for (the creator wrote the column, not the field). */
const COLUMN_OF: Record<string, Column> = { modelVersion: 'model', input: 'prompt' };

/**
 * A row Create would refuse: "Line N: column: reason", the rule's reason in English (the CLI) and
 * by key with its parameters (`reasonKey`), so the app says it in its language.
 */
function checkRow(p: BatchPrompt, line: number, defaultModel: string): BatchListProblem[] {
  const song = batchSongInput(p, defaultModel);
  const { fields, fieldKeys } = checkFields(
    song.api === 'v1' ? MusicV1RulesSchema : SongRulesSchema,
    song.input,
  );
  return Object.entries(fields).map(([field, reason]) => {
    const keyed = fieldKeys[field];
    return {
      line,
      key: 'batch:list.rowInvalid',
      params: {
        ...(keyed ? { ...keyed.params, reasonKey: keyed.key } : {}),
        line,
        field: COLUMN_OF[field] ?? field,
        reason,
      },
    };
  });
}

/**
 * Reads a prompt list. `fileName` (when the list came from a file) decides CSV or TSV by its
 * extension; otherwise a first row naming a `prompt` column makes it a table.
 */
export function parseBatchList(
  text: string,
  opts: { fileName?: string; defaultModel: string },
): BatchList {
  const clean = text.replace(/^\uFEFF/, '');
  const format = formatOf(clean, opts.fileName);
  const problems: BatchListProblem[] = [];
  const prompts: BatchPrompt[] = [];
  const lines: Array<{ line: number; prompt: BatchPrompt }> = [];

  if (format === 'lines') {
    clean.split('\n').forEach((raw, i) => {
      const prompt = raw.replace(/\r$/, '').trim();
      if (prompt === '' || prompt.startsWith('#')) return;
      lines.push({
        line: i + 1,
        prompt: { prompt, title: '', lyrics: '', model: null, instrumental: false },
      });
    });
  } else {
    const delimiter = format === 'tsv' ? '\t' : ',';
    const [head, ...rows] = splitTable(clean, delimiter);
    const names = (head?.cells ?? []).map((c) => c.trim().toLowerCase());
    const index = new Map<Column, number>();
    names.forEach((n, i) => {
      if ((BATCH_COLUMNS as readonly string[]).includes(n)) index.set(n as Column, i);
      else if (n !== '')
        problems.push({
          line: head?.line ?? 1,
          key: 'batch:list.unknownColumn',
          params: { column: n, columns: BATCH_COLUMNS.join(', ') },
        });
    });
    if (!index.has('prompt'))
      return {
        format,
        prompts: [],
        problems: [{ line: head?.line ?? 1, key: 'batch:list.noPromptColumn', params: {} }],
      };
    for (const row of rows) {
      const cell = (c: Column): string => {
        const i = index.get(c);
        const v = i === undefined ? '' : (row.cells[i] ?? '');
        return format === 'tsv' ? v.replace(/\\n/g, '\n') : v;
      };
      const model = cell('model').trim().toLowerCase();
      const instrumental = cell('instrumental').trim().toLowerCase();
      if (model !== '' && !(BATCH_MODELS as readonly string[]).includes(model))
        problems.push({
          line: row.line,
          key: 'batch:list.badModel',
          params: { line: row.line, model, models: BATCH_MODELS.join(', ') },
        });
      if (!TRUE_WORDS.has(instrumental) && !FALSE_WORDS.has(instrumental))
        problems.push({
          line: row.line,
          key: 'batch:list.badInstrumental',
          params: { line: row.line, value: instrumental },
        });
      lines.push({
        line: row.line,
        prompt: {
          prompt: cell('prompt').trim(),
          title: cell('title').trim(),
          lyrics: cell('lyrics').trim(),
          model:
            model !== '' && (BATCH_MODELS as readonly string[]).includes(model)
              ? (model as BatchModel)
              : null,
          instrumental: TRUE_WORDS.has(instrumental),
        },
      });
    }
  }

  for (const { line, prompt } of lines) {
    problems.push(...checkRow(prompt, line, opts.defaultModel));
    prompts.push(prompt);
  }
  if (prompts.length === 0 && problems.length === 0)
    problems.push({ line: 1, key: 'batch:list.empty', params: {} });
  if (prompts.length > BATCH_MAX_PROMPTS)
    problems.push({
      line: lines[BATCH_MAX_PROMPTS]?.line ?? 1,
      key: 'batch:list.tooMany',
      params: { max: BATCH_MAX_PROMPTS, count: prompts.length },
    });
  problems.sort((a, b) => a.line - b.line);
  return { format, prompts, problems };
}
