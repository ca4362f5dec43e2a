/**
 * `cadenza key set|remove|status|info`: the API key for the current service address.
 * The key is read from stdin only (never argv, which shows in shell history and process lists)
 * and is never printed: at most its last 4 characters.
 */
import { COUNTER_LABELS, COUNTERS, AppError } from '@shared/errors';
import type { AccountStatus, KeyInfo } from '@shared/domain/account';
import { NO_KEY_STORE_MESSAGE } from '../../main/services/secrets';
import {
  expectNoMore,
  formatRows,
  parseCommandArgs,
  UsageError,
  type CliCommand,
  type CliContext,
} from '../command';

const STORAGE_LABELS: Record<AccountStatus['storage'], string> = {
  keychain: 'in the system keychain',
  'safe-storage': "in the app's encrypted file",
  environment: 'from CADENZA_API_KEY',
  none: '',
};

const help = `Usage: cadenza key <set|remove|status|info> [options]

Manage the API key for the current service address (see cadenza config).
A key is bound to the address it was entered for.

  key set            Read the key from standard input and store it in the system keychain
                     e.g.  printf '%s' "$KEY" | cadenza key set
                     (typed at a terminal, the key is not shown)
  key remove         Remove the stored key for this address
  key status [--json]  Whether a key is set (its last 4 characters only) and where it is kept
  key info [--json]  The key's remaining entitlements from the service

CADENZA_API_KEY, when set, is used instead of the stored key.`;

async function set(args: string[], ctx: CliContext): Promise<void> {
  const { positionals } = parseCommandArgs(args, {}, 'key');
  if (positionals.length > 0) {
    throw new UsageError(
      'the key is read from standard input, never from the command line (e.g. printf \'%s\' "$KEY" | cadenza key set)',
    );
  }
  const account = ctx.core().account;
  const before = await account.status();
  if (!before.keychainAvailable) throw new AppError('io', NO_KEY_STORE_MESSAGE);
  const key = await ctx.readSecret(`API key for ${before.baseUrl}: `);
  if (!key.trim())
    throw new AppError('validation', 'No key was given on standard input; nothing was stored.');
  const after = await account.setKey(key);
  const verdict =
    after.keyCheck === 'accepted'
      ? ' The service accepted it.'
      : ' It is not checked yet: the service could not be reached.';
  if (after.storage === 'environment') {
    ctx.out(`Stored the key for ${after.baseUrl} in the system keychain.${verdict}`);
    ctx.note('Note: CADENZA_API_KEY is set and is used instead of the stored key.');
  } else {
    ctx.out(
      `Stored the key${after.keyLast4 ? ` ending in ${after.keyLast4}` : ''} for ${after.baseUrl} ${STORAGE_LABELS[after.storage]}.${verdict}`,
    );
  }
}

async function remove(args: string[], ctx: CliContext): Promise<void> {
  expectNoMore(parseCommandArgs(args, {}, 'key').positionals, 'key');
  const account = ctx.core().account;
  const before = await account.status();
  const after = await account.removeKey();
  if (before.storage === 'environment') {
    ctx.out(`Removed any stored key for ${after.baseUrl}.`);
    ctx.note('Note: CADENZA_API_KEY is still set and is used.');
  } else {
    ctx.out(
      before.hasKey
        ? `Removed the stored key for ${after.baseUrl}.`
        : `No key was stored for ${after.baseUrl}.`,
    );
  }
}

async function status(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'key');
  expectNoMore(positionals, 'key');
  const s = await ctx.core().account.status();
  if (values.json) {
    ctx.out(JSON.stringify(s, null, 2));
    return;
  }
  const key = s.hasKey
    ? `set${s.keyLast4 ? `, ending in ${s.keyLast4}` : ''} (${STORAGE_LABELS[s.storage]})`
    : 'not set';
  ctx.out(
    formatRows([
      ['Service address', `${s.baseUrl}${s.isDefaultBaseUrl ? ' (default)' : ''}`],
      ['API key', key],
      ['Keychain', s.keychainAvailable ? 'available' : 'not available'],
    ]),
  );
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function formatKeyInfo(info: KeyInfo, baseUrl: string): string {
  const counters = formatRows(
    COUNTERS.map((c) => [capitalise(COUNTER_LABELS[c]), String(info[c])] as const),
    '  ',
  );
  const details: Array<readonly [string, string]> = [
    ['Status', info.key_status === 0 ? 'active' : `disabled (${info.key_status})`],
  ];
  if (info.key_name) details.push(['Key name', info.key_name]);
  if (info.email) details.push(['E-mail', info.email]);
  if (info.member_id) details.push(['Member', info.member_id]);
  if (info.key_created_at) details.push(['Created', info.key_created_at]);
  if (info.key_recently_used_at) details.push(['Last used', info.key_recently_used_at]);
  return `Remaining entitlements at ${baseUrl}\n${counters}\n\n${formatRows(details)}`;
}

async function info(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' } }, 'key');
  expectNoMore(positionals, 'key');
  const core = ctx.core();
  const result = await core.account.keyInfo();
  ctx.out(
    values.json ? JSON.stringify(result, null, 2) : formatKeyInfo(result, core.settings.baseUrl()),
  );
}

const subcommands: Record<string, (args: string[], ctx: CliContext) => Promise<void>> = {
  set,
  remove,
  status,
  info,
};

export const keyCommand: CliCommand = {
  name: 'key',
  summary: 'Store, remove and inspect the API key',
  help,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (!sub)
      throw new UsageError(
        'missing subcommand: set, remove, status or info (see cadenza key --help)',
      );
    const handler = Object.hasOwn(subcommands, sub) ? subcommands[sub] : undefined;
    if (!handler) throw new UsageError(`unknown subcommand 'key ${sub}' (see cadenza key --help)`);
    await handler(rest, ctx);
  },
};
