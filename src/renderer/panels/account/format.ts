import type { KeyInfo, KeyStorage } from '@shared/domain/account';
import type { AppErrorShape, Counter } from '@shared/errors';
import { currentLanguage, errorText, fieldText, formattersFor, t } from '../../i18n';

/** Entitlement counters in the order the panel lists them, with their labels (keys). */
export const ENTITLEMENTS: readonly { counter: Counter; label: string }[] = [
  { counter: 'key_music_counts', label: 'account:entitlements.songs' },
  { counter: 'key_words_counts', label: 'account:entitlements.words' },
  { counter: 'key_clone_voices', label: 'account:entitlements.clones' },
  { counter: 'key_cover_counts', label: 'account:entitlements.covers' },
  { counter: 'key_vc_counts', label: 'account:entitlements.conversions' },
  { counter: 'key_singing_credits', label: 'account:entitlements.singing' },
];

const format = () => formattersFor(currentLanguage());

export const formatCount = (n: number): string => format().number(n, { maximumFractionDigits: 2 });

/** Where the key lives, in words. */
export function storageText(storage: KeyStorage): string | null {
  switch (storage) {
    case 'keychain':
      return t('account:storage.keychain');
    case 'safe-storage':
      return t('account:storage.safeStorage');
    case 'environment':
      return t('account:storage.environment');
    case 'none':
      return null;
  }
}

/**
 * Service datetimes often come without a time zone; show them in the user's format when they
 * parse, and as sent otherwise.
 */
export function formatServiceTime(raw: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(raw) ? raw.replace(' ', 'T') : raw);
  if (Number.isNaN(date.getTime())) return raw;
  return format().dateTime(date);
}

/** Key details worth showing, in order; absent or empty ones are left out. */
export function keyDetails(info: KeyInfo): { label: string; value: string }[] {
  const rows: { label: string; value: string | undefined }[] = [
    { label: t('account:details.keyName'), value: info.key_name },
    { label: t('account:details.email'), value: info.email },
    {
      label: t('account:details.lastUsed'),
      value: info.key_recently_used_at && formatServiceTime(info.key_recently_used_at),
    },
    {
      label: t('account:details.created'),
      value: info.key_created_at && formatServiceTime(info.key_created_at),
    },
  ];
  return rows.filter((r): r is { label: string; value: string; own: boolean } => Boolean(r.value));
}

/** The message to show next to a form field: the field's own entry, else the error's message. */
export function fieldMessage(error: AppErrorShape | null, names: readonly string[]): string | null {
  if (!error) return null;
  for (const name of names) {
    const message = fieldText(error, name);
    if (message) return message;
  }
  const first = Object.keys(error.fields ?? {})[0];
  return (first !== undefined ? fieldText(error, first) : undefined) ?? errorText(error);
}

export type ProblemAction = 'retry-status' | 'retry-key-info' | 'get-key';

export interface AccountProblem {
  kind: 'status' | 'no_key' | 'auth' | 'key_disabled' | 'offline' | 'other';
  title: string;
  detail: string | null;
  action: ProblemAction;
}

const unlessSame = (message: string, title: string): string | null =>
  message
    .trim()
    .replace(/[.…]+$/, '')
    .toLowerCase() === title.toLowerCase()
    ? null
    : message;

/** What is wrong with the account, if anything, as a title, an explanation and one action. */
export function describeProblem(input: {
  statusError: AppErrorShape | null;
  keyInfoError: AppErrorShape | null;
  keyInfo: KeyInfo | null;
}): AccountProblem | null {
  const { statusError, keyInfoError, keyInfo } = input;
  if (statusError) {
    return {
      kind: 'status',
      title: t('account:problem.status'),
      detail: errorText(statusError),
      action: 'retry-status',
    };
  }
  if (keyInfoError) {
    switch (keyInfoError.code) {
      case 'no_key':
        return {
          kind: 'no_key',
          title: t('account:problem.noKey'),
          detail: null,
          action: 'get-key',
        };
      case 'auth':
        return {
          kind: 'auth',
          title: t('account:problem.auth'),
          detail: t('account:problem.authDetail'),
          action: 'get-key',
        };
      case 'key_disabled':
        return disabledProblem(errorText(keyInfoError));
      case 'network':
      case 'timeout':
        return {
          kind: 'offline',
          title: t('account:problem.offline'),
          // main names the host: it refused (the network works), or gave no answer in time
          detail:
            keyInfoError.key === 'errors:service.hostDown' ||
            keyInfoError.key === 'errors:service.connectTimeout'
              ? errorText(keyInfoError)
              : keyInfoError.code === 'timeout'
                ? t('account:problem.timeoutDetail')
                : t('account:problem.offlineDetail'),
          action: 'retry-key-info',
        };
      default:
        return {
          kind: 'other',
          title: t('account:problem.other'),
          detail: errorText(keyInfoError),
          action: 'retry-key-info',
        };
    }
  }
  if (keyInfo && keyInfo.key_status !== 0) return disabledProblem(null);
  return null;
}

function disabledProblem(message: string | null): AccountProblem {
  const title = t('account:problem.disabled');
  return {
    kind: 'key_disabled',
    title,
    detail: (message && unlessSame(message, title)) ?? t('account:problem.disabledDetail'),
    action: 'get-key',
  };
}
