/**
 * `cadenza voices`: the service's voices and the key's cloned voices (cached for offline use),
 * with the same filters as the app; `cadenza voices delete SPEAKER` removes a cloned voice.
 */
import { AppError } from '@shared/errors';
import {
  filterVoices,
  voiceGender,
  voiceStyles,
  type VoiceQuery,
  type VoiceView,
} from '@shared/ipc/voices';
import {
  expectNoMore,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../command';

const help = `Usage: cadenza voices [options]
       cadenza voices delete SPEAKER

List the voices for text-to-speech, and your cloned voices in their own group.
The lists are kept for offline use: when the service cannot be reached the
last copy is shown (with a note on stderr).

  --search WORDS      Voices whose name or description contain the words
  --language L        e.g. English
  --gender G          Female, Male or Neutral
  --style S           e.g. Narration, News
  --free | --vip      Free or VIP voices only
  --new               New voices only
  --trending          Trending voices only
  --clones            Only your cloned voices
  --offline           Do not ask the service; show the kept copy
  --json              Print JSON

  delete SPEAKER      Delete one of your cloned voices (one already gone counts as deleted)`;

const OPTIONS = {
  search: { type: 'string' },
  language: { type: 'string' },
  gender: { type: 'string' },
  style: { type: 'string' },
  free: { type: 'boolean' },
  vip: { type: 'boolean' },
  new: { type: 'boolean' },
  trending: { type: 'boolean' },
  clones: { type: 'boolean' },
  offline: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const flags = (v: VoiceView): string =>
  [v.isFree ? 'free' : '', v.isVip ? 'VIP' : '', v.isNew ? 'new' : '', v.trending ? 'trending' : '']
    .filter(Boolean)
    .join(', ');

function table(voices: readonly VoiceView[]): string {
  const rows = voices.map((v) => [
    v.name,
    v.language || '—',
    voiceGender(v) ?? '—',
    voiceStyles(v).join(', ') || '—',
    flags(v) || '—',
    v.speaker,
  ]);
  const head = ['Name', 'Language', 'Gender', 'Style', 'Plan', 'Speaker'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

async function list(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, 'voices');
  expectNoMore(positionals, 'voices');
  if (values.free && values.vip) throw new UsageError('--free and --vip exclude each other');
  const { voices } = ctx.core();
  const cat = await voices.catalogue({ refresh: !values.offline });
  if (cat.source === 'cache' && values.offline && !cat.fetchedAt)
    throw new AppError(
      'not_found',
      'No voice list has been kept yet; run cadenza voices once while online.',
    );
  if (cat.error)
    ctx.note(
      `Could not read the voice list (${cat.error.message}); showing the copy from ${cat.fetchedAt ?? 'earlier'}.`,
    );
  const query: VoiceQuery = {
    ...(values.search ? { text: values.search } : {}),
    ...(values.language ? { language: values.language } : {}),
    ...(values.gender ? { gender: values.gender } : {}),
    ...(values.style ? { style: values.style } : {}),
    ...(values.free ? { plan: 'free' as const } : values.vip ? { plan: 'vip' as const } : {}),
    ...(values.new ? { newOnly: true } : {}),
    ...(values.trending ? { trendingOnly: true } : {}),
  };
  const clones = filterVoices(cat.clones, { ...(query.text ? { text: query.text } : {}) });
  const shown = values.clones ? [] : filterVoices(cat.voices, query);
  if (values.json) {
    ctx.out(
      JSON.stringify(
        { fetched_at: cat.fetchedAt, source: cat.source, voices: shown, clones },
        null,
        2,
      ),
    );
    return;
  }
  if (!values.clones) ctx.out(shown.length ? table(shown) : 'No voices match.');
  ctx.out('');
  ctx.out(`Your cloned voices (${clones.length})`);
  if (clones.length) ctx.out(clones.map((c) => `  ${c.name}  ${c.speaker}`).join('\n'));
}

async function remove(args: string[], ctx: CliContext): Promise<void> {
  const { positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'voices');
  const [speaker, ...rest] = positionals;
  if (!speaker) throw new UsageError('missing SPEAKER (see cadenza voices --help)');
  expectNoMore(rest, 'voices');
  const { voices } = ctx.core();
  await voices.deleteClone(speaker);
  ctx.out(`Deleted the cloned voice ${speaker}.`);
}

export const voicesCommand: CliCommand = {
  name: 'voices',
  summary: 'List voices for text-to-speech and your cloned voices',
  help,
  async run(args, ctx) {
    if (args[0] === 'delete') return remove(args.slice(1), ctx);
    return list(args, ctx);
  },
};
