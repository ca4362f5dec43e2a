import { z } from 'zod';
import { invoke } from './define';

export const AppInfoSchema = z.object({
  version: z.string(),
  platform: z.string(),
  /** True when main runs under the test double rather than a real Electron runtime. */
  testDouble: z.boolean(),
  demo: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appContract = {
  info: invoke(z.tuple([]), AppInfoSchema),
  /** Opens an https URL on the allowlist in the user's browser; anything else is refused. */
  openExternal: invoke(z.tuple([z.string().url().max(2048)]), z.null()),
};
