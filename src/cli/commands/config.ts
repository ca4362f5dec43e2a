/** `cadenza config get|set <name> [value]`: the service address and the library folder. */
import { resolve } from 'node:path';
import { keyOrigin } from '../../main/services/account';
import {
  expectNoMore,
  formatRows,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../command';

const help = `Usage: cadenza config get [base-url|library]
       cadenza config set base-url <url>
       cadenza config set library <folder>

  base-url   The service address: https, or plain http only for this computer (localhost).
             Keys are bound to an address: after changing it, enter the key again (cadenza key set).
  library    The library folder where finished media is saved.

CADENZA_BASE_URL and CADENZA_LIBRARY override these settings for one run.`;

const NAMES = ['base-url', 'library'] as const;
type Name = (typeof NAMES)[number];

function settingName(raw: string | undefined): Name {
  if (raw === undefined)
    throw new UsageError('missing setting name: base-url or library (see cadenza config --help)');
  if (!(NAMES as readonly string[]).includes(raw))
    throw new UsageError(`unknown setting '${raw}': use base-url or library`);
  return raw as Name;
}

function get(args: string[], ctx: CliContext): void {
  const { positionals } = parseCommandArgs(args, {}, 'config');
  const [raw, ...rest] = positionals;
  expectNoMore(rest, 'config');
  const settings = ctx.core().settings;
  const value = (name: Name): string =>
    name === 'base-url' ? settings.baseUrl() : settings.libraryDir();
  if (raw === undefined) {
    ctx.out(formatRows(NAMES.map((n) => [n, value(n)] as const)));
    return;
  }
  ctx.out(value(settingName(raw)));
}

async function set(args: string[], ctx: CliContext): Promise<void> {
  const { positionals } = parseCommandArgs(args, {}, 'config');
  const [raw, value, ...rest] = positionals;
  const name = settingName(raw);
  if (value === undefined)
    throw new UsageError(`missing value for ${name} (see cadenza config --help)`);
  expectNoMore(rest, 'config');
  const core = ctx.core();
  if (name === 'base-url') {
    const stored = core.settings.get().baseUrl;
    const status = await core.account.setServiceAddress(value);
    const saved = core.settings.get().baseUrl;
    ctx.out(`Service address set to ${saved}.`);
    if (ctx.env.CADENZA_BASE_URL?.trim())
      ctx.note('Note: CADENZA_BASE_URL is set and overrides this setting.');
    else if (keyOrigin(stored) !== keyOrigin(saved) && !status.hasKey) {
      ctx.note(
        'Keys are bound to a service address: enter the key for this one with `cadenza key set`.',
      );
    }
    return;
  }
  const folder = resolve(value);
  await core.settings.update({ libraryDir: folder });
  ctx.out(`Library folder set to ${folder}.`);
  if (ctx.env.CADENZA_LIBRARY?.trim())
    ctx.note('Note: CADENZA_LIBRARY is set and overrides this setting.');
}

export const configCommand: CliCommand = {
  name: 'config',
  summary: 'Show or change the service address and the library folder',
  help,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'get') return get(rest, ctx);
    if (sub === 'set') return set(rest, ctx);
    if (!sub) throw new UsageError('missing subcommand: get or set (see cadenza config --help)');
    throw new UsageError(`unknown subcommand 'config ${sub}' (see cadenza config --help)`);
  },
};
