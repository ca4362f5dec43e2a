/**
 * What a batch does to the desktop (shell/batch-shell.ts, issue 32 point 1): the computer kept
 * awake while one runs, the taskbar's progress, and the end notification — shown only when no
 * Cadenza window has the focus, like a job's.
 */
import { describe, expect, it } from 'vitest';
import type { BatchView } from '@shared/domain/batch';
import { TypedEmitter } from '../../../src/main/services/ground/events';
import type { BatchEvents } from '../../../src/main/services/batch';
import { followBatches } from '../../../src/main/shell/batch-shell';

function view(state: BatchView['state'], done: number, finished: boolean): BatchView {
  return {
    id: 'bat_abcdef12',
    name: 'Night drive',
    state,
    concurrency: 2,
    perPrompt: 1,
    collectionId: 'Night drive',
    createdAt: '2026-11-28T18:00:00.000Z',
    finishedAt: finished ? '2026-11-28T18:10:00.000Z' : null,
    counts: {
      total: 3,
      waiting: 3 - done,
      active: 0,
      done,
      failed: 0,
      interrupted: 0,
      cancelled: 0,
      songs: done * 2,
    },
    slots: [],
  };
}

function desktop(focused: boolean) {
  const events = new TypedEmitter<BatchEvents>();
  const shown: Array<{ title?: string; body?: string }> = [];
  const bars: number[] = [];
  const blockers: string[] = [];
  const win = {
    setProgressBar: (p: number) => void bars.push(p),
    isDestroyed: () => false,
    isMinimized: () => false,
    restore: () => undefined,
    show: () => undefined,
    focus: () => undefined,
  };
  class Note {
    constructor(private readonly o: { title?: string; body?: string }) {}
    static isSupported = () => true;
    on() {
      return this;
    }
    show() {
      shown.push(this.o);
    }
  }
  const off = followBatches({
    batches: { on: (name, listener) => events.on(name, listener) },
    keepAwake: () => true,
    powerSaveBlocker: {
      start: () => (blockers.push('start'), 7),
      stop: () => void blockers.push('stop'),
    },
    BrowserWindow: {
      getAllWindows: () => [win],
      getFocusedWindow: () => (focused ? win : null),
    },
    Notification: Note,
    t: (key, params) => `${key} ${JSON.stringify(params ?? {})}`,
  });
  return { events, shown, bars, blockers, off };
}

describe('a batch on the desktop', () => {
  it('keeps the computer awake and shows progress while it runs, then lets go', () => {
    const d = desktop(false);
    d.events.emit('batch-updated', view('running', 1, false));
    expect(d.blockers).toEqual(['start']);
    expect(d.bars.at(-1)).toBeCloseTo(1 / 3);
    d.events.emit('batch-finished', view('done', 3, true));
    expect(d.blockers).toEqual(['start', 'stop']);
    expect(d.bars.at(-1)).toBe(-1);
    d.off();
  });

  it('says the end in a notification when no Cadenza window has the focus', () => {
    const d = desktop(false);
    d.events.emit('batch-finished', view('done', 3, true));
    expect(d.shown).toHaveLength(1);
    expect(d.shown[0]!.title).toContain('batch:notify.title');
    expect(d.shown[0]!.body).toContain('batch:notify.done');
    d.off();
  });

  it('stays quiet while a Cadenza window has the focus (the list in Songs says it)', () => {
    const d = desktop(true);
    d.events.emit('batch-finished', view('done', 3, true));
    expect(d.shown).toEqual([]);
    d.off();
  });
});
