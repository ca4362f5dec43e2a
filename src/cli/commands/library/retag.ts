/**
 * `cadenza library retag [--dry-run] [--json]`: the upgrade of files made by an earlier version
 * (library/upgrade.ts): says how many files and bytes it would rewrite, then tags them (audio
 * never changed, modification times kept) unless --dry-run.
 */
import { upgradeItem, upgradePlan } from '../../../main/services/library/upgrade';
import { expectNoMore, parseCommandArgs, type CliContext } from '../../command';

export const RETAG_HELP = `  library retag [--dry-run] [--json]
                        Tags the files an earlier version of Cadenza saved without tags: title,
                        artist and album (export defaults), lyrics, cover, genre, date, loudness
                        and the recipe, as files saved now carry. The audio is never changed and
                        modification times are kept, but each file is rewritten: a synced folder
                        (OneDrive, Dropbox, iCloud) uploads it again. --dry-run only says how many
                        files and bytes would be rewritten`;

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export async function retag(args: string[], ctx: CliContext): Promise<number | void> {
  const { values, positionals } = parseCommandArgs(
    args,
    { 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } },
    'library',
  );
  expectNoMore(positionals, 'library');
  const core = ctx.core();
  const dry = values['dry-run'] === true;
  const library = dry ? await core.openLibrary() : (await core.jobsHost.runtime()).library;
  try {
    await library.ready();
    const plan = upgradePlan(library.items());
    const said = `${plan.files} file${plan.files === 1 ? '' : 's'} (${mb(plan.bytes)})`;
    if (dry || plan.files === 0) {
      if (values.json)
        ctx.out(JSON.stringify({ files: plan.files, bytes: plan.bytes, dryRun: dry }, null, 2));
      else if (plan.files === 0) ctx.out('Every file Cadenza made carries its tags already.');
      else
        ctx.out(
          `${said} made by an earlier version would get their tags and recipe. The audio is not ` +
            'changed, but each file is rewritten: a synced folder uploads it again.',
        );
      return;
    }
    const s = core.settings.get().export;
    const defaults = { artist: s?.artist, album: s?.album };
    const failed: Array<{ file: string; code: string; reason: string }> = [];
    for (const [i, item] of plan.items.entries()) {
      ctx.note(`[${i + 1}/${plan.files}] ${item.title}`);
      const r = await upgradeItem(library, item, defaults);
      if (!r.ok) failed.push({ file: item.file, code: r.code, reason: r.reason });
    }
    await library.rescan();
    if (values.json)
      ctx.out(JSON.stringify({ files: plan.files, bytes: plan.bytes, failed }, null, 2));
    else {
      ctx.out(`Tagged ${plan.files - failed.length} of ${said}.`);
      for (const f of failed)
        ctx.out(
          `Not tagged: ${f.file}: ${f.reason}${f.code === 'damaged' ? '' : ' (try again later)'}`,
        );
    }
    return failed.length > 0 ? 1 : undefined;
  } finally {
    if (dry) await library.close();
  }
}
