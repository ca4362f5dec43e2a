import { useEffect } from 'react';
import { isFinalJobState } from '@shared/domain/job-states';
import { bridge } from '../bridge';
import { refreshKeyInfo, refreshKeyInfoIfStale } from '../stores/account';

/** Focus re-reads key info when the last answer is older than this (no timer runs). */
const FOCUS_STALE_MS = 5_000;

/**
 * Keeps what the app shows of the account true without a timer: key info is read again when the
 * window gains focus, when the OS reports the network going or coming back (`online`/`offline`),
 * and after every spend (a job accepted by the service, finished or failed), so the counts and
 * the header pill follow by themselves.
 */
export function useAccountLiveness(): void {
  useEffect(() => {
    const onFocus = () => void refreshKeyInfoIfStale(FOCUS_STALE_MS);
    const onNetwork = () => void refreshKeyInfo();
    window.addEventListener('focus', onFocus);
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);

    const seen = new Map<string, string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterSpend = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshKeyInfo(), 500);
    };
    let off: () => void = () => undefined;
    try {
      off = bridge().on.jobUpdated((job) => {
        const before = seen.get(job.id);
        seen.set(job.id, job.state);
        if (before === job.state) return;
        if (job.state === 'submitted' || isFinalJobState(job.state)) afterSpend();
      });
    } catch {
      // no bridge (opened outside the app): nothing to follow
    }
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      clearTimeout(timer);
      off();
    };
  }, []);
}
