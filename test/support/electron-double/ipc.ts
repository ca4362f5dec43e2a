/**
 * ipcMain of the double. Invokes arrive as JSON (from the page through a Playwright binding, or
 * from Node via `invokeAs`), like Electron's structured clone for plain data; replies go back as
 * JSON. Every message is recorded in the shared log.
 */
import { EventEmitter } from 'node:events';
import { record, type DoubleState } from './state';

// The event is Electron's IpcMainInvokeEvent shape; `any` lets typed listeners register.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InvokeListener = (event: any, ...args: any[]) => unknown;

export interface SenderInfo {
  /** The webContents that sent the message (undefined for Node-side invokes). */
  sender: unknown;
  frameUrl: string;
  isTopFrame: boolean;
}

export class DoubleIpcMain extends EventEmitter {
  private readonly handlers = new Map<string, InvokeListener>();

  constructor(private readonly state: DoubleState) {
    super();
  }

  handle(channel: string, listener: InvokeListener): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  handleOnce(channel: string, listener: InvokeListener): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return listener(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** Channels with a handler (tests iterate them). */
  channels(): string[] {
    return [...this.handlers.keys()];
  }

  /**
   * Delivers an invoke the way Electron does: JSON in, JSON out; a missing handler or a thrown
   * error rejects with Electron's message shape. Answers `{ value }` or `{ error }` as JSON.
   */
  async invokeJson(channel: string, argsJson: string, from: SenderInfo): Promise<string> {
    record(this.state, {
      direction: 'invoke',
      channel,
      payload: argsJson,
      senderUrl: from.frameUrl,
    });
    let reply: string;
    try {
      const args: unknown = JSON.parse(argsJson);
      const handler = this.handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      const event = {
        type: 'frame',
        sender: from.sender,
        senderFrame: {
          url: from.frameUrl,
          parent: from.isTopFrame ? null : {},
          name: '',
          routingId: 1,
        },
        frameId: 1,
        processId: 1,
        returnValue: undefined,
      };
      const value = await handler(event, ...(Array.isArray(args) ? args : []));
      reply = JSON.stringify({ value: value === undefined ? null : value });
    } catch (e) {
      reply = JSON.stringify({ error: `Error invoking remote method '${channel}': ${String(e)}` });
    }
    record(this.state, { direction: 'reply', channel, payload: reply });
    return reply;
  }

  /** Node-side invoke as if a frame at `frameUrl` called it: resolves the value or rejects like Electron. */
  async invokeAs(frameUrl: string, channel: string, ...args: unknown[]): Promise<unknown> {
    const json = JSON.stringify(args) ?? '[]';
    const reply = JSON.parse(
      await this.invokeJson(channel, json, { sender: undefined, frameUrl, isTopFrame: true }),
    ) as {
      value?: unknown;
      error?: string;
    };
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.value;
  }
}
