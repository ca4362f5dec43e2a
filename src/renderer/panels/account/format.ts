import type { KeyInfo, KeyStorage } from '@shared/domain/account';
import type { AppErrorShape, Counter } from '@shared/errors';

/** Entitlement counters in the order the panel lists them, with their labels. */
export const ENTITLEMENTS: readonly { counter: Counter; label: string }[] = [
  { counter: 'key_music_counts', label: 'Songs' },
  { counter: 'key_words_counts', label: 'Text-to-speech words' },
  { counter: 'key_clone_voices', label: 'Voice clones' },
  { counter: 'key_cover_counts', label: 'Covers' },
  { counter: 'key_vc_counts', label: 'Voice conversions' },
  { counter: 'key_singing_credits', label: 'Singing credits' },
];

const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
export const formatCount = (n: number): string => countFormat.format(n);

/** Where the key lives, in words. */
export function storageText(storage: KeyStorage): string | null {
  switch (storage) {
    case 'keychain':
      return 'Stored in your system keychain';
    case 'safe-storage':
      return "No system keychain was found; the key is encrypted in Cadenza's data folder";
    case 'environment':
      return 'From the CADENZA_API_KEY environment variable';
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
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Key details worth showing, in order; absent or empty ones are left out. */
export function keyDetails(info: KeyInfo): { label: string; value: string }[] {
  const rows: { label: string; value: string | undefined }[] = [
    { label: 'Key name', value: info.key_name },
    { label: 'E-mail', value: info.email },
    {
      label: 'Last used',
      value: info.key_recently_used_at && formatServiceTime(info.key_recently_used_at),
    },
    { label: 'Created', value: info.key_created_at && formatServiceTime(info.key_created_at) },
  ];
  return rows.filter((r): r is { label: string; value: string } => Boolean(r.value));
}

/** The message to show next to a form field: the field's own entry, else the error's message. */
export function fieldMessage(error: AppErrorShape | null, names: readonly string[]): string | null {
  if (!error) return null;
  const fields = error.fields ?? {};
  for (const name of names) {
    const message = fields[name];
    if (message) return message;
  }
  return Object.values(fields)[0] ?? error.message;
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
      title: "Couldn't read your account settings",
      detail: statusError.message,
      action: 'retry-status',
    };
  }
  if (keyInfoError) {
    switch (keyInfoError.code) {
      case 'no_key':
        return {
          kind: 'no_key',
          title: 'Add your API key to start creating',
          detail: null,
          action: 'get-key',
        };
      case 'auth':
        return {
          kind: 'auth',
          title: "The service didn't accept your key",
          detail: 'Paste the whole key again below, or get a new one from your account page.',
          action: 'get-key',
        };
      case 'key_disabled':
        return disabledProblem(keyInfoError.message);
      case 'network':
      case 'timeout':
        return {
          kind: 'offline',
          title: "Cadenza can't reach the service",
          detail:
            keyInfoError.code === 'timeout'
              ? 'It did not answer in time. Check your connection and the service address, then retry.'
              : 'Check your internet connection and the service address, then retry.',
          action: 'retry-key-info',
        };
      default:
        return {
          kind: 'other',
          title: "Couldn't load your entitlements",
          detail: keyInfoError.message,
          action: 'retry-key-info',
        };
    }
  }
  if (keyInfo && keyInfo.key_status !== 0) return disabledProblem(null);
  return null;
}

function disabledProblem(message: string | null): AccountProblem {
  const title = 'This API key is disabled';
  return {
    kind: 'key_disabled',
    title,
    detail:
      (message && unlessSame(message, title)) ??
      'The service has turned this key off. Check its status on your account page, or use another key.',
    action: 'get-key',
  };
}
