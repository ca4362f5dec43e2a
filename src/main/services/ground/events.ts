/** A small typed event emitter: `on` returns the unsubscribe function. */
import { logger } from '../log';

const log = logger('events');

export class TypedEmitter<Events extends Record<string, unknown>> {
  private listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<K extends keyof Events>(name: K, listener: (payload: Events[K]) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        (listener as (p: Events[K]) => void)(payload);
      } catch (e) {
        log.error(`listener for ${String(name)} failed`, e);
      }
    }
  }

  removeAll(): void {
    this.listeners.clear();
  }
}
