/**
 * The most text one renderer error may carry (message, stack, source), in characters. Apart from
 * diagnostics.ts (zod) so the renderer's first screen can read it without loading zod.
 */
export const RENDERER_ERROR_LIMITS = {
  message: 2000,
  stack: 8000,
  source: 1000,
} as const;
