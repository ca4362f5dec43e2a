import type { KeyInfo } from '@shared/domain/account';
import { tableOf, type JobKind } from '@shared/domain/job-kinds';
import type { Counter } from '@shared/errors';
import type { AccountState } from '../stores/account';
import { currentLanguage, formattersFor, t } from '../i18n';

/**
 * Whether an action that spends can work right now, decided before the click from what the app
 * knows of the account: a key, the service's verdict on it, whether the service answers, and the
 * counter the action spends. What is not known never blocks (docs/writing.md, "Readiness").
 */
export type BlockReason =
  'status_error' | 'no_key' | 'key_rejected' | 'key_disabled' | 'offline' | 'empty';

/** The one button that fixes a reason. */
export type Fix = 'open-account-key' | 'open-account' | 'retry-connection' | 'retry-status';

export type Readiness =
  { ready: true } | { ready: false; reason: BlockReason; message: string; fix: Fix };

export interface Need {
  /** The counter the action spends; null when the service names none (it never blocks). */
  counter: Counter | null;
  /** How much of it the action needs (TTS: the words of the text). Default 1. */
  amount?: number;
}

/** The counter each kind of job spends (the registry's `counter`); null: none is named. */
export const KIND_COUNTERS: Readonly<Record<JobKind, Counter | null>> = tableOf((k) => k.counter);

/** "No songs left on your key.": what each counter says when it is empty (keys). */
const NONE_LEFT: Record<Counter, string> = {
  key_music_counts: 'account:gate.none.songs',
  key_cover_counts: 'account:gate.none.covers',
  key_clone_voices: 'account:gate.none.clones',
  key_words_counts: 'account:gate.none.words',
  key_vc_counts: 'account:gate.none.conversions',
  key_singing_credits: 'account:gate.none.singing',
};

/** "Only 2 songs left on your key; this needs 3.": plural keys by what is left. */
const ONLY_LEFT: Record<Counter, string> = {
  key_music_counts: 'account:gate.only.songs',
  key_cover_counts: 'account:gate.only.covers',
  key_clone_voices: 'account:gate.only.clones',
  key_words_counts: 'account:gate.only.words',
  key_vc_counts: 'account:gate.only.conversions',
  key_singing_credits: 'account:gate.only.singing',
};

const number = (n: number) =>
  formattersFor(currentLanguage()).number(n, { maximumFractionDigits: 2 });

type Facts = Pick<
  AccountState,
  'status' | 'statusPhase' | 'keyInfo' | 'keyInfoError' | 'keyInfoPhase'
>;

const UNREACHABLE = new Set(['network', 'timeout']);

/** The readiness of an action that spends `need`, from the account facts. */
export function readiness(facts: Facts, need: Need): Readiness {
  const { status, keyInfo, keyInfoError } = facts;
  if (!status) {
    return facts.statusPhase === 'error'
      ? {
          ready: false,
          reason: 'status_error',
          message: t('account:gate.statusError'),
          fix: 'retry-status',
        }
      : { ready: true }; // still loading: unknown never blocks
  }
  if (!status.hasKey)
    return {
      ready: false,
      reason: 'no_key',
      message: t('account:gate.noKey'),
      fix: 'open-account-key',
    };
  const code = keyInfoError?.code;
  if (code === 'auth' || code === 'no_key')
    return {
      ready: false,
      reason: 'key_rejected',
      message: t('account:gate.rejected'),
      fix: 'open-account-key',
    };
  if (code === 'key_disabled' || (keyInfo && keyInfo.key_status !== 0))
    return {
      ready: false,
      reason: 'key_disabled',
      message: t('account:gate.disabled'),
      fix: 'open-account-key',
    };
  if (code && UNREACHABLE.has(code) && facts.keyInfoPhase !== 'ready')
    return {
      ready: false,
      reason: 'offline',
      message: t('account:gate.offline'),
      fix: 'retry-connection',
    };
  const shortage = short(keyInfo, need);
  if (shortage) return { ready: false, reason: 'empty', message: shortage, fix: 'open-account' };
  return { ready: true };
}

/** "No covers left on your key." when the known count is below what is needed; else null. */
function short(keyInfo: KeyInfo | null, need: Need): string | null {
  if (!keyInfo || !need.counter) return null;
  const left = keyInfo[need.counter];
  const amount = Math.max(1, need.amount ?? 1);
  if (typeof left !== 'number' || !Number.isFinite(left) || left >= amount) return null;
  if (left <= 0) return t(NONE_LEFT[need.counter]);
  return t(ONLY_LEFT[need.counter], { count: left, left: number(left), need: number(amount) });
}
