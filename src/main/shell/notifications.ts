/**
 * Desktop notifications for finished jobs: shown only when no Cadenza window has the focus (the
 * Jobs view already shows it otherwise). Clicking one brings the window back.
 */
import type { BrowserWindow, Notification, NotificationConstructorOptions } from 'electron';
import type { JobSummary } from '@shared/domain/jobs';

export interface NotifierDeps {
  Notification: {
    new (options: NotificationConstructorOptions): Pick<Notification, 'show' | 'on'>;
    isSupported(): boolean;
  };
  BrowserWindow: { getFocusedWindow(): BrowserWindow | null; getAllWindows(): BrowserWindow[] };
}

/** Title and body for a finished job, or null when it needs no notification (cancelled by the user). */
export function notificationFor(job: JobSummary): { title: string; body: string } | null {
  const name = job.label || 'Your job';
  if (job.state === 'done') {
    const saved = job.resultItemIds.length;
    return {
      title: 'Finished',
      body:
        saved > 0
          ? `“${name}” is in your library${saved > 1 ? ` (${saved} files)` : ''}.`
          : `“${name}” is ready.`,
    };
  }
  if (job.state === 'failed')
    return {
      title: 'Failed',
      body: `“${name}”: ${job.error?.message ?? 'The service reported a failure.'}`,
    };
  if (job.state === 'interrupted')
    return {
      title: 'Interrupted',
      body: `“${name}”: ${job.error?.message ?? 'Interrupted — may have been charged.'}`,
    };
  return null;
}

export function createJobNotifier(deps: NotifierDeps): (job: JobSummary) => void {
  return (job) => {
    const content = notificationFor(job);
    if (!content || deps.BrowserWindow.getFocusedWindow()) return;
    if (!deps.Notification.isSupported()) return;
    const note = new deps.Notification({
      title: `Cadenza — ${content.title}`,
      body: content.body,
      silent: false,
    });
    note.on('click', () => {
      const win = deps.BrowserWindow.getAllWindows()[0];
      if (!win || win.isDestroyed()) return;
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    });
    note.show();
  };
}
