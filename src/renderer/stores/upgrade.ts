import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type { UpgradeStatus } from '@shared/ipc/upgrade';
import { bridge, call } from '../bridge';
import { usePlayerStore } from './player';

/**
 * Tagging the files an earlier version saved (issue 28, point 4): main's status, the consent
 * dialog's state and the calls. Main decides which files; the window only answers and follows.
 */
interface UpgradeState {
  status: UpgradeStatus | null;
  /** The consent dialog is open (main asked, or the Library's "Add tags…"). */
  asking: boolean;
  /** The creator closed the dialog for now (Escape): not asked again in this session. */
  later: boolean;
  busy: boolean;
  error: AppErrorShape | null;
}

const initial: UpgradeState = {
  status: null,
  asking: false,
  later: false,
  busy: false,
  error: null,
};
export const useUpgradeStore = create<UpgradeState>()(() => ({ ...initial }));
const set = useUpgradeStore.setState;
const get = useUpgradeStore.getState;

export function resetUpgradeStore(): void {
  set({ ...initial });
}

function arrived(status: UpgradeStatus): void {
  const { later, asking } = get();
  set({ status, asking: asking || (status.phase === 'ask' && !later) });
}

let following = 0;
let offs: Array<() => void> = [];

/**
 * Reads main's status and follows it; tells main when the creator plays (the upgrade waits).
 * Returns the unsubscribe function.
 */
export function followUpgrade(): () => void {
  following += 1;
  if (following === 1) {
    try {
      offs.push(bridge().on.upgradeStatus(arrived));
    } catch {
      following -= 1;
      return () => undefined; // no bridge: nothing to upgrade
    }
    let playing = false;
    offs.push(
      usePlayerStore.subscribe((s) => {
        const now = s.status === 'playing' || s.status === 'loading';
        if (now === playing) return;
        playing = now;
        void call((api) => api.upgrade.hold(now));
      }),
    );
    void call((api) => api.upgrade.status()).then((r) => {
      if (r.ok) arrived(r.value);
    });
  }
  return () => {
    following -= 1;
    if (following > 0) return;
    for (const off of offs) off();
    offs = [];
  };
}

async function act(run: () => Promise<Awaited<ReturnType<typeof call<UpgradeStatus>>>>) {
  set({ busy: true, error: null });
  const r = await run();
  if (r.ok) set({ status: r.value, busy: false });
  else set({ error: r.error, busy: false });
  return r.ok;
}

/** Consent given, Continue, or Try again: main tags what is left in the background. */
export async function startUpgrade(): Promise<void> {
  if (await act(() => call((api) => api.upgrade.start()))) set({ asking: false });
}

/** "Not now": main records it and does not ask again; the Library still offers it. */
export async function declineUpgrade(): Promise<void> {
  if (await act(() => call((api) => api.upgrade.decline()))) set({ asking: false });
}

export async function stopUpgrade(): Promise<void> {
  await act(() => call((api) => api.upgrade.stop()));
}

/** The Library's "Add tags…": the consent dialog again. */
export function askUpgrade(): void {
  set({ asking: true, error: null });
}

/** Escape: closed for this session, asked again at the next start. */
export function upgradeLater(): void {
  set({ asking: false, later: true, error: null });
}
