/**
 * `cadenza song batch FILE`: a batch of song prompts (docs/batches.md) through the same batch
 * service as Songs › Batch…: recorded, sent at most --concurrency at a time through the
 * persistent jobs, its results filed in a collection named after it. `--resume ID` continues a
 * batch recorded earlier (after a crash or a run without --wait).
 */
import { basename } from 'node:path';
import { BATCH_FILE_MAX_BYTES, BATCH_MAX_PER_PROMPT, type BatchView } from '@shared/domain/batch';
import { englishText } from '@shared/i18n/english';
import { readTextFile } from '../../../main/services/files/regular';
import { EXIT_SPEND_REFUSED } from '../../../main/services/budget';
import { expectNoMore, parseCommandArgs, UsageError, type CliContext } from '../../command';
import { counterLeft, printResult, waitOptions, withinSeconds } from '../../support';

export const batchHelp = `Usage: cadenza song batch FILE [options]
       cadenza song batch --resume BATCH_ID [--wait] [--json]

Send many prompts at once. FILE holds one prompt per line, or a CSV/TSV table with a header row
naming the columns prompt (required), title, lyrics, model and instrumental (docs/batches.md;
an example is docs/examples/batch.csv). Each submission makes two songs. The results are filed
in a collection named after the batch.

  --name NAME         The batch's (and its collection's) name (default: the file's name)
  --per-prompt N      Submissions of each prompt, 1-${BATCH_MAX_PER_PROMPT} (default 1)
  --concurrency N     Submissions in flight at once (default: the Settings value, 2)
  --budget N          Refuse (exit 3, nothing sent) when the batch usually needs more than N of
                      the songs counter, or when that is not known yet (docs/cost.md)
  --resume BATCH_ID   Continue a batch recorded earlier instead of starting one
  --wait              Stay until nothing is left the batch does by itself, saving every song
  --timeout S         With --wait: give up after S seconds (the batch keeps its place)
  --json              Print the batch as JSON

Without --wait the command sends the first submissions and returns; the app, or a later
'cadenza song batch --resume BATCH_ID --wait', carries on. A submission cut off while the service
may have charged it waits for you in the app; it is never sent again by itself.`;

const OPTIONS = {
  name: { type: 'string' },
  'per-prompt': { type: 'string' },
  concurrency: { type: 'string' },
  budget: { type: 'string' },
  resume: { type: 'string' },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function wholeNumber(text: string | undefined, flag: string, min: number, max: number) {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max)
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max}`);
  return n;
}

const STATE_WORDS: Record<BatchView['slots'][number]['state'], string> = {
  waiting: 'waiting',
  sending: 'sending',
  active: 'in progress',
  done: 'done',
  failed: 'failed',
  interrupted: 'interrupted — may have been charged; waits for you',
  cancelled: 'cancelled',
  skipped: 'skipped',
};

function rowsOf(b: BatchView): string {
  const c = b.counts;
  const head = [
    `Batch ${b.id} "${b.name}": ${b.state}`,
    `  ${c.done} of ${c.total} submissions done, ${c.songs} songs` +
      (c.failed ? `, ${c.failed} failed` : '') +
      (c.interrupted ? `, ${c.interrupted} interrupted` : '') +
      (c.cancelled ? `, ${c.cancelled} cancelled` : ''),
    ...(b.collectionId ? [`  Collection: ${b.collectionId}`] : []),
  ];
  const slots = b.slots.map(
    (s, i) =>
      `  ${String(i + 1).padStart(3)}. ${s.title || s.prompt} — ${STATE_WORDS[s.state]}` +
      (s.state === 'failed' && s.error ? ` (${s.error.message})` : ''),
  );
  return [...head, ...slots].join('\n');
}

export async function songBatch(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'song batch');
  const [file, ...more] = positionals;
  expectNoMore(more, 'song batch');
  const { wait, timeoutS } = waitOptions(values);
  const perPrompt = wholeNumber(values['per-prompt'], '--per-prompt', 1, BATCH_MAX_PER_PROMPT) ?? 1;
  const concurrency = wholeNumber(values.concurrency, '--concurrency', 1, 8);
  const budget = wholeNumber(values.budget, '--budget', 0, 1_000_000);
  if (values.resume && file) throw new UsageError('give either FILE or --resume BATCH_ID');
  if (!values.resume && !file)
    throw new UsageError('missing FILE: the list of prompts (see cadenza song --help)');

  const core = ctx.core();
  // the songs counter is read once before anything is sent: for a new batch by its quote
  let before: number | null;
  let batch: BatchView;
  if (values.resume) {
    before = await counterLeft(core, 'key_music_counts');
    batch = await core.batches.get(values.resume);
  } else {
    const path = file as string;
    const text = await readTextFile(path, BATCH_FILE_MAX_BYTES);
    const list = core.batches.check(text, basename(path));
    if (list.problems.length > 0) {
      for (const p of list.problems.slice(0, 20)) ctx.note(englishText(p.key, p.params ?? {}));
      throw new UsageError(`${path}: ${list.problems.length} problem(s) in the list; nothing sent`);
    }
    const quote = await core.batches.quote(list.prompts, perPrompt, {
      ...(budget !== undefined ? { budget } : {}),
    });
    before = quote.remaining;
    if (!values.json)
      ctx.note(
        `${quote.submissions} submissions, ${quote.songs} songs` +
          (quote.total !== null
            ? `; usually ${quote.total} of the key's songs (learned, not a price)` +
              (quote.after !== null ? `, ${quote.after} left after` : '')
            : '; what it spends is not known yet'),
      );
    const refusal = core.batches.cliRefusal(quote);
    if (refusal) {
      ctx.note(`cadenza: ${refusal}`);
      return EXIT_SPEND_REFUSED;
    }
    const name = values.name ?? basename(path).replace(/\.[^.]+$/, '');
    batch = await core.batches.create({
      name,
      text,
      fileName: basename(path),
      perPrompt,
      ...(concurrency !== undefined ? { concurrency } : {}),
      // the CLI applied the rule itself above (it cannot ask: over a budget it refused), with
      // the counter it read just now
      spendConfirmed: true,
      countsJustRead: true,
    });
  }

  if (!wait) {
    if (values.resume) await core.batches.drive();
    const now = await core.batches.get(batch.id);
    printResult(ctx, values.json, { json: now, rows: rowsOf(now) });
    if (!values.json && now.finishedAt === null)
      ctx.note(
        `The app, or 'cadenza song batch --resume ${now.id} --wait', sends the rest and saves the songs.`,
      );
    return 0;
  }

  core.batches.start();
  const off = core.batches.on('batch-updated', (b) => {
    if (b.id !== batch.id || values.json) return;
    const c = b.counts;
    ctx.note(
      `  ${c.done + c.failed + c.cancelled + c.interrupted}/${c.total} over, ${c.songs} songs`,
    );
  });
  let result: BatchView | 'timeout';
  try {
    result = await withinSeconds(core.batches.waitFor(batch.id), timeoutS);
  } finally {
    off();
  }
  if (result === 'timeout') {
    ctx.note(
      `cadenza: the batch is still running after ${timeoutS} s; continue with 'cadenza song batch --resume ${batch.id} --wait'`,
    );
    return 1;
  }
  const after = await counterLeft(core, 'key_music_counts');
  printResult(ctx, values.json, {
    json: { ...result, music_counts: { before, after } },
    rows: rowsOf(result),
    left: { label: 'Songs left', counts: { before, after } },
  });
  const c = result.counts;
  return c.failed + c.interrupted > 0 ? 1 : 0;
}
