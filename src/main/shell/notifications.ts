/**
 * Desktop notifications for finished jobs: shown only when no Cadenza window has the focus (the
 * Jobs view already shows it otherwise). Clicking one brings the window back.
 */
import type { BrowserWindow, Notification, NotificationConstructorOptions } from 'electron';
import type { JobSummary } from '@shared/domain/jobs';
import { englishText, type MessageParams } from '@shared/i18n/english';

/** A `t` in the app's language (main's, shell/i18n.ts); English when none is given (tests). */
type Translate = (key: string, params?: MessageParams) => string;

export interface NotifierDeps {
  t?: Translate;
  /** The app's language now (main's i18n): keyed failures are said in their key's words. */
  language?: () => string;
  Notification: {
    new (options: NotificationConstructorOptions): Pick<Notification, 'show' | 'on'>;
    isSupported(): boolean;
  };
  BrowserWindow: { getFocusedWindow(): BrowserWindow | null; getAllWindows(): BrowserWindow[] };
}

/** Title and body for a finished job, or null when it needs no notification (cancelled by the user). */
export function notificationFor(
  job: JobSummary,
  t: Translate = englishText,
  /** Say keyed failures in the key's words (another language than English); else the message. */
  keyed = false,
): { title: string; body: string } | null {
  const name = job.label || t('main:notify.yourJob');
  // the failure in the app's language when it has a key; the raw words stay in the job record
  const reason = (fallback: string): string =>
    keyed && job.error?.key
      ? t(job.error.key, job.error.params)
      : (job.error?.message ?? t(fallback));
  if (job.state === 'done') {
    const saved = job.resultItemIds.length;
    return {
      title: t('main:notify.finished'),
      body:
        saved > 1
          ? t('main:notify.inLibraryFiles', { name, count: saved })
          : saved === 1
            ? t('main:notify.inLibrary', { name })
            : t('main:notify.ready', { name }),
    };
  }
  if (job.state === 'failed')
    return {
      title: t('main:notify.failed'),
      body: t('main:notify.withReason', { name, reason: reason('main:notify.serviceFailure') }),
    };
  if (job.state === 'interrupted')
    return {
      title: t('main:notify.interrupted'),
      body: t('main:notify.withReason', { name, reason: reason('main:notify.interruptedCharge') }),
    };
  return null;
}

export function createJobNotifier(deps: NotifierDeps): (job: JobSummary) => void {
  return (job) => {
    const t = deps.t ?? englishText;
    const content = notificationFor(job, t, (deps.language?.() ?? 'en') !== 'en');
    if (!content) return;
    notifyUnfocused(deps, t('main:notify.title', { state: content.title }), content.body);
  };
}

/** What a "come back" notification needs: the notifications and the windows (jobs and batches). */
export interface NoticeDeps {
  Notification: {
    new (options: NotificationConstructorOptions): {
      show(): void;
      on(event: 'click', listener: () => void): unknown;
    };
    isSupported(): boolean;
  };
  BrowserWindow: {
    getFocusedWindow(): unknown;
    getAllWindows(): Array<
      Pick<BrowserWindow, 'isDestroyed' | 'isMinimized' | 'restore' | 'show' | 'focus'>
    >;
  };
}

/** Shows a notification only when no Cadenza window has the focus; a click brings the window back. */
export function notifyUnfocused(deps: NoticeDeps, title: string, body: string): void {
  if (deps.BrowserWindow.getFocusedWindow() || !deps.Notification.isSupported()) return;
  const note = new deps.Notification({ title, body, silent: false });
  note.on('click', () => {
    const win = deps.BrowserWindow.getAllWindows()[0];
    if (!win || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  note.show();
}
