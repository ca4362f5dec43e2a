import type { z } from 'zod';
import type { Result } from '../result';

/**
 * One IPC method: its argument tuple and its result, both zod schemas. Main validates the
 * arguments with `args` before the handler runs; the preload exposes a function of the same name.
 */
export interface InvokeDef<A extends z.ZodTuple = z.ZodTuple, R extends z.ZodType = z.ZodType> {
  readonly args: A;
  readonly result: R;
}

/** One event pushed from main to the renderer. */
export interface EventDef<P extends z.ZodType = z.ZodType> {
  readonly payload: P;
}

export const invoke = <A extends z.ZodTuple, R extends z.ZodType>(
  args: A,
  result: R,
): InvokeDef<A, R> => ({
  args,
  result,
});
export const event = <P extends z.ZodType>(payload: P): EventDef<P> => ({ payload });

export type Namespace = Record<string, InvokeDef>;
export type InvokeContract = Record<string, Namespace>;
export type EventContract = Record<string, EventDef>;

/** Channel name of `ns.method`: "ns:method". */
export const channelName = (ns: string, method: string): string => `${ns}:${method}`;
/** Channel name of an event: "event:name". */
export const eventChannel = (name: string): string => `event:${name}`;

type Fn<D> =
  D extends InvokeDef<infer A, infer R>
    ? (...args: z.input<A>) => Promise<Result<z.output<R>>>
    : never;

export type ApiOf<C extends InvokeContract> = {
  [NS in keyof C]: { [M in keyof C[NS]]: Fn<C[NS][M]> };
};

export type EventsOf<E extends EventContract> = {
  [K in keyof E]: (listener: (payload: z.output<E[K]['payload']>) => void) => () => void;
};
