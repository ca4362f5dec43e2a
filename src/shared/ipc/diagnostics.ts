import { z } from 'zod';
import { invoke } from './define';

import { RENDERER_ERROR_LIMITS } from './renderer-error-limits';

export { RENDERER_ERROR_LIMITS };

/**
 * An error the renderer saw (window 'error' or 'unhandledrejection'), forwarded to main's log.
 * Plain text only, bounded in size; main also limits how many it accepts per minute.
 */
export const RendererErrorSchema = z
  .object({
    kind: z.enum(['error', 'unhandledrejection']),
    message: z.string().max(RENDERER_ERROR_LIMITS.message),
    stack: z.string().max(RENDERER_ERROR_LIMITS.stack).optional(),
    /** The script URL and position, for 'error' events. */
    source: z.string().max(RENDERER_ERROR_LIMITS.source).optional(),
    line: z.number().int().nonnegative().max(10_000_000).optional(),
    column: z.number().int().nonnegative().max(10_000_000).optional(),
  })
  .strict();
export type RendererError = z.infer<typeof RendererErrorSchema>;

export const diagnosticsContract = {
  /** Logs an error the renderer saw; answers null (also when the rate limit dropped it). */
  reportRendererError: invoke(z.tuple([RendererErrorSchema]), z.null()),
  /** Opens the logs folder in the file manager. */
  openLogsFolder: invoke(z.tuple([]), z.null()),
  /** Builds the diagnostic report and puts it on the clipboard (the report stays in main). */
  copyReport: invoke(z.tuple([]), z.null()),
};
