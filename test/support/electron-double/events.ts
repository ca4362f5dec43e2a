/** Electron-style event objects with preventDefault. */
export interface DoubleEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
  [key: string]: unknown;
}

export function makeEvent(extra: Record<string, unknown> = {}): DoubleEvent {
  const event: DoubleEvent = {
    ...extra,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}
