import type { KeyInfo } from '@shared/domain/account';
import { tableOf, type JobKind } from '@shared/domain/job-kinds';
import type { Counter } from '@shared/errors';
import type { AccountState } from '../stores/account';

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

/** What each counter is called in a sentence ("no covers left"). */
const COUNTER_NOUNS: Record<Counter, { one: string; many: string }> = {
  key_music_counts: { one: 'song', many: 'songs' },
  key_cover_counts: { one: 'cover', many: 'covers' },
  key_clone_voices: { one: 'voice clone', many: 'voice clones' },
  key_words_counts: { one: 'text-to-speech word', many: 'text-to-speech words' },
  key_vc_counts: { one: 'voice conversion', many: 'voice conversions' },
  key_singing_credits: { one: 'singing credit', many: 'singing credits' },
};

const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function counterPhrase(counter: Counter, n: number): string {
  const noun = COUNTER_NOUNS[counter];
  return `${countFormat.format(n)} ${n === 1 ? noun.one : noun.many}`;
}

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
          message: "Cadenza couldn't read your account settings.",
          fix: 'retry-status',
        }
      : { ready: true }; // still loading: unknown never blocks
  }
  if (!status.hasKey)
    return {
      ready: false,
      reason: 'no_key',
      message: 'Add your API key to start creating.',
      fix: 'open-account-key',
    };
  const code = keyInfoError?.code;
  if (code === 'auth' || code === 'no_key')
    return {
      ready: false,
      reason: 'key_rejected',
      message: "The service didn't accept your API key.",
      fix: 'open-account-key',
    };
  if (code === 'key_disabled' || (keyInfo && keyInfo.key_status !== 0))
    return {
      ready: false,
      reason: 'key_disabled',
      message: 'Your API key is disabled.',
      fix: 'open-account-key',
    };
  if (code && UNREACHABLE.has(code) && facts.keyInfoPhase !== 'ready')
    return {
      ready: false,
      reason: 'offline',
      message: "Cadenza can't reach the service right now.",
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
  if (left <= 0) return `No ${COUNTER_NOUNS[need.counter].many} left on your key.`;
  return `Only ${counterPhrase(need.counter, left)} left on your key; this needs ${countFormat.format(amount)}.`;
}
