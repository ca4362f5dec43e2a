import { useEffect, useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { refreshKeyInfoIfStale, useAccountStore } from '../stores/account';
import { readiness, type Need, type Readiness } from './readiness';

/** A refusal is re-checked with the service when what it rests on is older than this. */
export const STALE_MS = 15_000;

export type Gate = Readiness & {
  /** The id of the gate's message, for the action button's aria-describedby. */
  gateId: string;
  /** aria-describedby for the action button: the message while blocked, else undefined. */
  describedBy: string | undefined;
};

/**
 * The one readiness hook every action that spends uses: `ready`, or why not and the fix. Before
 * refusing on key info (rejected, offline, a counter at 0) it reads key info again when the
 * service last answered more than STALE_MS ago, so a refusal is never based on stale counts.
 */
export function useReadiness(need: Need): Gate {
  const facts = useAccountStore(
    useShallow((s) => ({
      status: s.status,
      statusPhase: s.statusPhase,
      keyInfo: s.keyInfo,
      keyInfoError: s.keyInfoError,
      keyInfoPhase: s.keyInfoPhase,
    })),
  );
  const result = readiness(facts, { counter: need.counter, amount: need.amount ?? 1 });
  const gateId = useId();
  const reason = result.ready ? null : result.reason;
  useEffect(() => {
    if (reason === 'key_rejected' || reason === 'key_disabled' || reason === 'empty')
      void refreshKeyInfoIfStale(STALE_MS);
  }, [reason]);
  return { ...result, gateId, describedBy: result.ready ? undefined : gateId };
}
