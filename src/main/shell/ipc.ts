/**
 * The only place IPC handlers are registered. One handler per contract entry: it checks the
 * sender, validates the arguments with the entry's zod tuple, runs the namespace handler, checks
 * the result against the entry's result schema (which also strips fields the contract does not
 * name), and answers a Result. Nothing thrown crosses IPC; nothing about the arguments is logged.
 */
import type { IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { invokeContract, type InvokeContractT } from '@shared/ipc/contract';
import { channelName, type InvokeDef } from '@shared/ipc/define';
import {
  AppError,
  toErrorShape,
  type AppErrorShape,
  type KeyedMessage,
  type MessageParams,
} from '@shared/errors';
import { appError } from '@shared/app-error';
import { keyOf } from '@shared/domain/service-rules';
import { diskFault } from '../services/ground/disk-faults';
import type { Result } from '@shared/result';

/** What a handler learns about the call besides its arguments. */
export interface HandlerContext {
  readonly event: IpcMainInvokeEvent;
}

type ArgsOf<D> = D extends InvokeDef<infer A, z.ZodType> ? z.output<A> : never;
type ValueOf<D> = D extends InvokeDef<z.ZodTuple, infer R> ? z.input<R> : never;
type HandlerOf<D> = (
  ctx: HandlerContext,
  ...args: ArgsOf<D> extends unknown[] ? ArgsOf<D> : never
) => Promise<ValueOf<D>> | ValueOf<D>;

export type NamespaceHandlers<NS extends keyof InvokeContractT> = {
  [M in keyof InvokeContractT[NS]]: HandlerOf<InvokeContractT[NS][M]>;
};
export type IpcHandlers = { [NS in keyof InvokeContractT]: NamespaceHandlers<NS> };

/** The part of Electron's ipcMain this module uses (the test double provides the same). */
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
  ): void;
  removeHandler(channel: string): void;
}

export interface RegisterIpcOptions {
  /** True when the message comes from the app's own renderer (see security.ts). */
  isTrustedSender(event: IpcMainInvokeEvent): boolean;
  /** Called for failures that are bugs (not AppErrors), with the channel only. */
  onInternalError?(channel: string, error: unknown): void;
  /**
   * Called for AppErrors that carry a `detail` (an error code, an endpoint): the renderer gets the
   * words only, the log gets the rest (docs/writing.md).
   */
  onAppError?(channel: string, error: AppError): void;
}

type AnyHandler = (ctx: HandlerContext, ...args: unknown[]) => unknown;

const FORBIDDEN: AppErrorShape = {
  code: 'forbidden',
  message: 'This request is not allowed.',
  key: 'errors:requestForbidden',
};

/** Registers every contract channel; returns a function that removes them again. */
export function registerIpc(
  ipcMain: IpcMainLike,
  handlers: IpcHandlers,
  options: RegisterIpcOptions,
): () => void {
  const channels: string[] = [];
  for (const [ns, methods] of Object.entries(invokeContract)) {
    const nsHandlers = (
      handlers as unknown as Record<string, Record<string, AnyHandler> | undefined>
    )[ns];
    for (const [method, def] of Object.entries(methods as Record<string, InvokeDef>)) {
      const fn = nsHandlers?.[method];
      if (typeof fn !== 'function')
        throw new Error(`No IPC handler for ${channelName(ns, method)}`);
      const channel = channelName(ns, method);
      ipcMain.handle(channel, (event, ...raw) => dispatch(channel, def, fn, event, raw, options));
      channels.push(channel);
    }
  }
  return () => {
    for (const c of channels) ipcMain.removeHandler(c);
  };
}

async function dispatch(
  channel: string,
  def: InvokeDef,
  fn: AnyHandler,
  event: IpcMainInvokeEvent,
  raw: unknown[],
  options: RegisterIpcOptions,
): Promise<Result<unknown>> {
  try {
    let trusted = false;
    try {
      trusted = options.isTrustedSender(event);
    } catch {
      trusted = false;
    }
    if (!trusted) return { ok: false, error: FORBIDDEN };
    const parsed = def.args.safeParse(raw);
    if (!parsed.success) return { ok: false, error: invalidArgument(parsed.error) };
    const value = await fn({ event }, ...(parsed.data as unknown[]));
    const checked = await checkResult(def.result, value);
    if (!checked.success) throw new Error(`Result of ${channel} does not match its contract`);
    return { ok: true, value: checked.data };
  } catch (e) {
    if (!(e instanceof AppError)) options.onInternalError?.(channel, e);
    else if (e.detail !== undefined) options.onAppError?.(channel, e);
    // a full disk, a missing or read-only folder, a refused permission: said as such
    return { ok: false, error: toErrorShape(diskFault(e) ?? e) };
  }
}

/** Elements of a long answer checked in one go before main's event loop gets a turn. */
export const RESULT_SLICE = 2000;

/**
 * Checks (and strips) a result against its schema. A long list with no length rule of its own —
 * 37,500 library songs, 50,000 sources — is checked a slice at a time with a turn of main's event
 * loop between slices: checked in one go it held main for over 100 ms.
 */
async function checkResult(
  schema: z.ZodType,
  value: unknown,
): Promise<{ success: true; data: unknown } | { success: false }> {
  const sliced =
    schema instanceof z.ZodArray &&
    (schema.def.checks ?? []).length === 0 &&
    Array.isArray(value) &&
    value.length > RESULT_SLICE;
  if (!sliced) return schema.safeParse(value);
  const data: unknown[] = [];
  for (let i = 0; i < value.length; i += RESULT_SLICE) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    const part = schema.safeParse(value.slice(i, i + RESULT_SLICE));
    if (!part.success) return { success: false };
    for (const x of part.data as unknown[]) data.push(x);
  }
  return { success: true, data };
}

/**
 * Maps zod issues to `fields`: the path inside the argument, or `arg<N>` for a whole argument.
 * A rule's keyed message keeps its key (`fieldKeys`, and `reasonKey` inside the keyed
 * "Invalid request: …"), so the renderer says the refusal in the app's language.
 */
export function invalidArgument(error: z.ZodError): AppErrorShape {
  const fields: Record<string, string> = {};
  const fieldKeys: Record<string, KeyedMessage> = {};
  for (const issue of error.issues) {
    const [index, ...rest] = issue.path;
    const key =
      rest.length > 0
        ? rest.map(String).join('.')
        : index === undefined
          ? 'args'
          : `arg${String(index)}`;
    if (key in fields) continue;
    fields[key] = issue.message;
    const keyed = keyOf(issue);
    if (keyed) fieldKeys[key] = keyed;
  }
  const firstIssue = error.issues[0];
  if (!firstIssue)
    return { ...appError('invalid_argument', 'errors:invalidRequestPlain').toShape(), fields };
  const inner = keyOf(firstIssue);
  const params: MessageParams = {
    ...(inner ? { ...inner.params, reasonKey: inner.key } : {}),
    reason: firstIssue.message,
  };
  return {
    ...appError('invalid_argument', 'errors:invalidRequest', params).toShape(),
    fields,
    ...(Object.keys(fieldKeys).length > 0 ? { fieldKeys } : {}),
  };
}
