import { create } from 'zustand';
import type { AccountStatus, KeyInfo } from '@shared/domain/account';
import type { AppErrorShape, Counter } from '@shared/errors';
import { bridge, call, onCallFailure } from '../bridge';
import { said, type Said } from '../i18n';

/**
 * What the renderer knows about the account: whether a key is set (its last 4 characters at most),
 * where it lives, the service address and the key's entitlements. The key itself is never stored
 * here: `saveKey` hands it to main and forgets it.
 */
export type LoadPhase = 'idle' | 'loading' | 'ready' | 'error';

export interface AccountState {
  status: AccountStatus | null;
  statusPhase: LoadPhase;
  statusError: AppErrorShape | null;
  /** True once the first status request has settled (either way); the app is then ready. */
  statusSettled: boolean;

  keyInfo: KeyInfo | null;
  keyInfoPhase: LoadPhase;
  keyInfoError: AppErrorShape | null;
  /** When the shown key info was read (ms since the epoch). */
  keyInfoReadAtMs: number | null;
  /** When the service last answered a key-info read, either way (ms since the epoch). */
  keyInfoAnsweredAtMs: number | null;
  /**
   * The key was stored while the service could not be asked: not checked yet. Cleared by the
   * next key-info answer (accepted, or refused).
   */
  keyUnchecked: boolean;

  savingKey: boolean;
  keyError: AppErrorShape | null;
  removingKey: boolean;
  removeError: AppErrorShape | null;
  changingAddress: boolean;
  addressError: AppErrorShape | null;

  /** Opening the account page in the browser failed. */
  linkError: AppErrorShape | null;

  /** A short confirmation of the last action ("Key saved"), shown in a status line. */
  notice: Said | null;

  /**
   * Counters the service refused an action on ("no songs left"): when, and what key info read
   * next said (null until it answers). A count above 0 there is the service disagreeing with itself.
   */
  refused: Partial<Record<Counter, { atMs: number; left: number | null }>>;
}

const initialState: AccountState = {
  status: null,
  statusPhase: 'idle',
  statusError: null,
  statusSettled: false,
  keyInfo: null,
  keyInfoPhase: 'idle',
  keyInfoError: null,
  keyInfoReadAtMs: null,
  keyInfoAnsweredAtMs: null,
  keyUnchecked: false,
  savingKey: false,
  keyError: null,
  removingKey: false,
  removeError: null,
  changingAddress: false,
  addressError: null,
  linkError: null,
  notice: null,
  refused: {},
};

export const useAccountStore = create<AccountState>()(() => ({ ...initialState }));

const set = (patch: Partial<AccountState>): void => useAccountStore.setState(patch);
const get = (): AccountState => useAccountStore.getState();

/** Sequence numbers so a slow, older answer never overwrites a newer one. */
let statusSeq = 0;
let keyInfoSeq = 0;

const clearedKeyInfo: Partial<AccountState> = {
  keyInfo: null,
  keyInfoPhase: 'idle',
  keyInfoError: null,
  keyInfoReadAtMs: null,
  keyInfoAnsweredAtMs: null,
};

/** Failures that say the service could not be reached (not that the key is wrong). */
const UNREACHABLE = new Set(['network', 'timeout']);

const sameKey = (a: AccountStatus | null, b: AccountStatus): boolean =>
  a !== null &&
  a.hasKey === b.hasKey &&
  a.keyLast4 === b.keyLast4 &&
  a.storage === b.storage &&
  a.baseUrl === b.baseUrl;

/** Takes a new status from main; re-reads key info when the key or address changed. */
function applyStatus(next: AccountStatus, options: { forceKeyInfo: boolean }): void {
  const previous = get().status;
  set({ status: next, statusPhase: 'ready', statusError: null, statusSettled: true });
  if (!next.hasKey) {
    keyInfoSeq += 1; // drop any answer still on its way
    set({ ...clearedKeyInfo, keyUnchecked: false });
    return;
  }
  const keyChanged = !sameKey(previous, next);
  if (keyChanged) set(clearedKeyInfo);
  if (options.forceKeyInfo || keyChanged || get().keyInfoPhase === 'idle') void refreshKeyInfo();
}

export async function loadStatus(): Promise<void> {
  const seq = ++statusSeq;
  set({ statusPhase: 'loading' });
  const result = await call((api) => api.account.getStatus());
  if (seq !== statusSeq) return;
  if (result.ok) applyStatus(result.value, { forceKeyInfo: false });
  else set({ statusPhase: 'error', statusError: result.error, statusSettled: true });
}

export async function refreshKeyInfo(): Promise<void> {
  if (!get().status?.hasKey) return;
  const seq = ++keyInfoSeq;
  set({ keyInfoPhase: 'loading' });
  const result = await call((api) => api.account.getKeyInfo());
  if (seq !== keyInfoSeq) return;
  const now = Date.now();
  if (result.ok) {
    const wasUnchecked = get().keyUnchecked;
    const info = result.value;
    set({
      refused: settleRefusals(get().refused, (c) => info[c] ?? null),
      keyInfo: result.value,
      keyInfoPhase: 'ready',
      keyInfoError: null,
      keyInfoReadAtMs: now,
      keyInfoAnsweredAtMs: now,
      keyUnchecked: false,
      ...(wasUnchecked ? { notice: said('account:notice.accepted') } : {}),
    });
  } else {
    const unreachable = UNREACHABLE.has(result.error.code);
    set({
      keyInfoPhase: 'error',
      keyInfoError: result.error,
      keyInfoAnsweredAtMs: now,
      // still unchecked while the service cannot be reached; any other answer settles it
      keyUnchecked: get().keyUnchecked && unreachable,
    });
  }
}

/**
 * After a refusal the next read records what key info says; a later read that says something else
 * (a top-up, a spend) ends the disagreement.
 */
function settleRefusals(
  refused: AccountState['refused'],
  countOf: (c: Counter) => number | null,
): AccountState['refused'] {
  const next: AccountState['refused'] = {};
  for (const [c, r] of Object.entries(refused) as [
    Counter,
    { atMs: number; left: number | null },
  ][]) {
    const now = countOf(c);
    if (r.left === null) next[c] = { ...r, left: now };
    else if (now === r.left) next[c] = r;
  }
  return next;
}

/**
 * The service refused for lack of a counter ("Your key has no songs left…"): key info is read
 * again, so the counters shown beside the refusal say what the service says now.
 */
export function noteRefusal(error: AppErrorShape | null | undefined): void {
  if (error?.code !== 'entitlement' || !error.counter) return;
  const counter = error.counter;
  set({ refused: { ...get().refused, [counter]: { atMs: Date.now(), left: null } } });
  void refreshKeyInfo();
}

onCallFailure(noteRefusal);

/**
 * Reads key info again unless the service answered within `maxAgeMs` or a read is on its way:
 * gates call it before refusing on what may be stale, focus and network events call it too.
 */
export function refreshKeyInfoIfStale(maxAgeMs: number): Promise<void> {
  const s = get();
  if (!s.status?.hasKey || s.keyInfoPhase === 'loading') return Promise.resolve();
  if (s.keyInfoAnsweredAtMs !== null && Date.now() - s.keyInfoAnsweredAtMs < maxAgeMs)
    return Promise.resolve();
  return refreshKeyInfo();
}

/** Sends the key to main once. Answers whether it was stored; the caller clears its field. */
export async function saveKey(key: string): Promise<boolean> {
  set({ savingKey: true, keyError: null, notice: null });
  const result = await call((api) => api.account.setKey(key));
  if (!result.ok) {
    set({ savingKey: false, keyError: result.error });
    return false;
  }
  const { keyCheck, keyInfo, ...status } = result.value;
  set({
    savingKey: false,
    keyUnchecked: keyCheck === 'unchecked',
    notice:
      keyCheck === 'accepted'
        ? said('account:notice.savedAccepted')
        : said('account:notice.savedUnchecked'),
  });
  if (keyInfo) {
    // main answered the key info its check read: shown as it is, not asked for again
    keyInfoSeq += 1; // an older read still on its way is for the previous key
    statusSeq += 1;
    const now = Date.now();
    set({
      status,
      statusPhase: 'ready',
      statusError: null,
      statusSettled: true,
      keyInfo,
      keyInfoPhase: 'ready',
      keyInfoError: null,
      keyInfoReadAtMs: now,
      keyInfoAnsweredAtMs: now,
    });
  } else applyStatus(status, { forceKeyInfo: false });
  return true;
}

export async function removeKey(): Promise<boolean> {
  set({ removingKey: true, removeError: null, notice: null });
  const result = await call((api) => api.account.removeKey());
  if (!result.ok) {
    set({ removingKey: false, removeError: result.error });
    return false;
  }
  set({ removingKey: false, notice: said('account:notice.removed') });
  applyStatus(result.value, { forceKeyInfo: false });
  return true;
}

export type AddressChange = 'changed' | 'cancelled' | 'failed';

/** Asks main to change the service address; main confirms it with the user in a dialog. */
export async function changeServiceAddress(address: string): Promise<AddressChange> {
  set({ changingAddress: true, addressError: null, notice: null });
  const result = await call((api) => api.account.setServiceAddress(address));
  if (!result.ok) {
    if (result.error.code === 'cancelled') {
      set({ changingAddress: false });
      return 'cancelled';
    }
    set({ changingAddress: false, addressError: result.error });
    return 'failed';
  }
  const message = result.value.hasKey
    ? said('account:notice.addressChanged')
    : said('account:notice.addressChangedNoKey');
  set({ changingAddress: false, notice: message });
  applyStatus(result.value, { forceKeyInfo: true });
  return 'changed';
}

export async function openAccountPage(): Promise<void> {
  set({ linkError: null });
  const result = await call((api) => api.account.openAccountPage());
  if (!result.ok) set({ linkError: result.error });
}

/** Shows an error on a form field from the client side, before anything is sent. */
export function setFieldError(field: 'key' | 'address', error: AppErrorShape | null): void {
  set(field === 'key' ? { keyError: error } : { addressError: error });
}

/** Follows key/address changes made elsewhere (another window, the CLI). Returns the unsubscribe. */
export function followAccountChanges(): () => void {
  try {
    return bridge().on.accountChanged(() => void loadStatus());
  } catch {
    return () => undefined;
  }
}

/** Back to the first-launch state (tests). */
export function resetAccountStore(): void {
  statusSeq += 1;
  keyInfoSeq += 1;
  useAccountStore.setState({ ...initialState });
}

// Selectors
export type KeyPresence = 'unknown' | 'none' | 'set';

export const selectKeyPresence = (s: AccountState): KeyPresence =>
  s.status === null ? 'unknown' : s.status.hasKey ? 'set' : 'none';
/** Whether the service could not be reached the last time Cadenza asked it. */
export const selectOffline = (s: AccountState): boolean =>
  s.status?.hasKey === true &&
  s.keyInfoError !== null &&
  UNREACHABLE.has(s.keyInfoError.code) &&
  s.keyInfoPhase !== 'ready';
/**
 * The service refused for lack of `counter` but key info, read since, still shows some left:
 * the count shown beside the refusal must say the service disagreed.
 */
export const selectRefusedWhileLeft =
  (counter: Counter) =>
  (s: AccountState): boolean => {
    const r = s.refused[counter];
    const now = s.keyInfo?.[counter];
    return !!r && r.left !== null && typeof now === 'number' && now > 0 && now === r.left;
  };
/** Whether the key is known to be unusable (rejected or disabled). */
export const selectKeyProblem = (s: AccountState): 'auth' | 'key_disabled' | null => {
  const code = s.keyInfoError?.code;
  if (code === 'auth' || code === 'key_disabled') return code;
  if (s.keyInfo && s.keyInfo.key_status !== 0) return 'key_disabled';
  return null;
};
