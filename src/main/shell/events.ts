/** Typed events from main to the renderer, validated against eventContract before sending. */
import type { BrowserWindow } from 'electron';
import type { z } from 'zod';
import { eventContract, type EventContractT } from '@shared/ipc/contract';
import { eventChannel } from '@shared/ipc/define';

export type EventName = keyof EventContractT;
export type EventPayload<K extends EventName> = z.input<EventContractT[K]['payload']>;

/** Sends one event to a window's renderer; a payload that breaks the contract is a bug and throws. */
export function sendEvent<K extends EventName>(
  win: BrowserWindow | null | undefined,
  name: K,
  payload: EventPayload<K>,
): void {
  const value: unknown = eventContract[name].payload.parse(payload);
  if (!win || win.isDestroyed() || win.webContents.isDestroyed()) return;
  win.webContents.send(eventChannel(name), value);
}
