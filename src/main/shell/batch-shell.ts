/**
 * What a running batch does to the desktop (issue 32, point 1; docs/batches.md): the computer is
 * kept from sleeping while any batch runs (Settings › Batches, on by default; Electron's
 * `powerSaveBlocker`), the taskbar/dock shows the running batches' progress (`setProgressBar`),
 * and a notification in the app's language says when a batch ends — only when no Cadenza window
 * has the focus (the list in Songs says it otherwise), like a job's; clicking it brings the
 * window back. Electron is passed in, so the plain-Node tests drive it with a double.
 */
import type { BrowserWindow, NotificationConstructorOptions } from 'electron';
import type { BatchView } from '@shared/domain/batch';
import type { MessageParams } from '@shared/i18n/english';
import type { BatchService } from '../services/batch';
import { notifyUnfocused } from './notifications';

type Translate = (key: string, params?: MessageParams) => string;

export interface BatchShellDeps {
  batches: Pick<BatchService, 'on'>;
  /** The Settings value: keep the computer awake while a batch runs. */
  keepAwake(): boolean;
  powerSaveBlocker: {
    start(type: 'prevent-app-suspension'): number;
    stop(id: number): void;
  };
  BrowserWindow: {
    getAllWindows(): Array<
      Pick<
        BrowserWindow,
        'setProgressBar' | 'isDestroyed' | 'isMinimized' | 'restore' | 'show' | 'focus'
      >
    >;
    getFocusedWindow(): unknown;
  };
  Notification: {
    new (options: NotificationConstructorOptions): {
      show(): void;
      on(event: 'click', listener: () => void): unknown;
    };
    isSupported(): boolean;
  };
  t: Translate;
}

/** A batch is running while it is not paused, cancelled or finished. */
const isRunning = (b: BatchView): boolean => b.state === 'running' && b.finishedAt === null;

/** How far the running batches are (0..1), or null when none runs (the bar is taken away). */
export function batchProgress(batches: Iterable<BatchView>): number | null {
  let total = 0;
  let settled = 0;
  for (const b of batches) {
    if (!isRunning(b)) continue;
    total += b.counts.total;
    settled += b.counts.total - b.counts.waiting - b.counts.active;
  }
  return total > 0 ? settled / total : null;
}

/** The end of a batch said in one notification (title and body). */
export function batchEndNote(b: BatchView, t: Translate): { title: string; body: string } {
  const c = b.counts;
  const title = t('batch:notify.title', { name: b.name });
  if (b.state === 'cancelled')
    return { title, body: t('batch:notify.cancelled', { count: c.songs }) };
  if (c.interrupted > 0) return { title, body: t('batch:notify.waits', { count: c.interrupted }) };
  if (c.failed > 0)
    return { title, body: t('batch:notify.someFailed', { count: c.songs, failed: c.failed }) };
  return { title, body: t('batch:notify.done', { count: c.songs }) };
}

export function followBatches(deps: BatchShellDeps): () => void {
  const known = new Map<string, BatchView>();
  let blocker: number | null = null;

  const apply = (): void => {
    const progress = batchProgress(known.values());
    const awake = progress !== null && deps.keepAwake();
    if (awake && blocker === null) blocker = deps.powerSaveBlocker.start('prevent-app-suspension');
    if (!awake && blocker !== null) {
      deps.powerSaveBlocker.stop(blocker);
      blocker = null;
    }
    for (const win of deps.BrowserWindow.getAllWindows())
      if (!win.isDestroyed()) win.setProgressBar(progress ?? -1);
  };

  const offs = [
    deps.batches.on('batch-updated', (b) => {
      known.set(b.id, b);
      apply();
    }),
    deps.batches.on('batch-finished', (b) => {
      known.set(b.id, b);
      apply();
      const { title, body } = batchEndNote(b, deps.t);
      notifyUnfocused(deps, title, body);
    }),
  ];
  return () => {
    for (const off of offs) off();
    if (blocker !== null) deps.powerSaveBlocker.stop(blocker);
    blocker = null;
  };
}
