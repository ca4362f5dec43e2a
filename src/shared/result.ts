import { z } from 'zod';
import { AppErrorSchema, type AppErrorShape } from './errors';

/** What every IPC call answers. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.union([
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: AppErrorSchema }),
  ]);
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: AppErrorShape): Result<never> => ({ ok: false, error });
