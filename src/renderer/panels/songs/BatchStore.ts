import { create } from 'zustand';
import type { BatchView } from '@shared/domain/batch';
import type { AppErrorShape } from '@shared/errors';
import { bridge, call } from '../../bridge';

/**
 * The batches as main last told them (newest first), kept current by its `batchUpdated` events,
 * and the last failure of a pause / resume / cancel / send again / skip.
 */
interface BatchesState {
  batches: BatchView[];
  loaded: boolean;
  error: AppErrorShape | null;
}

export const useBatchesStore = create<BatchesState>(() => ({
  batches: [],
  loaded: false,
  error: null,
}));

const newestFirst = (a: BatchView, b: BatchView): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/** Puts a batch's newest view in the list. */
export function putBatch(view: BatchView): void {
  useBatchesStore.setState((s) => ({
    batches: [...s.batches.filter((b) => b.id !== view.id), view].sort(newestFirst),
  }));
}

let following: (() => void) | null = null;

/** Reads the list once and follows main's changes from then on (idempotent). */
export async function followBatchList(): Promise<void> {
  if (!following) following = bridge().on.batchUpdated((view) => putBatch(view));
  const result = await call((api) => api.batches.list());
  if (result.ok) {
    const fresh = new Map(result.value.map((b) => [b.id, b]));
    useBatchesStore.setState((s) => ({
      // a view an event brought while the list was read is as new as the list's
      batches: [...s.batches.filter((b) => !fresh.has(b.id)), ...fresh.values()].sort(newestFirst),
      loaded: true,
    }));
  } else useBatchesStore.setState({ error: result.error, loaded: true });
}

/** Stops following (tests reset between renders). */
export function resetBatches(): void {
  following?.();
  following = null;
  useBatchesStore.setState({ batches: [], loaded: false, error: null });
}

type Action = 'pause' | 'resume' | 'cancel';

export async function batchAction(action: Action, id: string): Promise<void> {
  const result = await call((api) => api.batches[action](id));
  if (result.ok) {
    putBatch(result.value);
    useBatchesStore.setState({ error: null });
  } else useBatchesStore.setState({ error: result.error });
}

export async function slotAction(action: 'sendAgain' | 'skip', id: string, slot: number) {
  const result = await call((api) => api.batches[action](id, slot));
  if (result.ok) {
    putBatch(result.value);
    useBatchesStore.setState({ error: null });
  } else useBatchesStore.setState({ error: result.error });
}
