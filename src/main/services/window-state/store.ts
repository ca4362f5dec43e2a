/**
 * window-state.json in the data folder: the main window's last normal bounds and whether it was
 * maximised. Validated on read (anything unreadable counts as no saved state), written atomically.
 */
import { READ_CAPS, readRegularTextSync } from '../ground/regular-file';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../ground/atomic';
import type { WindowState } from './placement';

export const WINDOW_STATE_FILE = 'window-state.json';

const finite = z.number().finite();
const WindowStateSchema = z.object({
  schema_version: z.literal(1),
  bounds: z.object({
    x: finite,
    y: finite,
    width: finite.positive(),
    height: finite.positive(),
  }),
  maximized: z.boolean(),
});

export interface WindowStateStore {
  /** The saved state, or null (no file, or one that is not a valid state). A small file read
   * once as the window opens, so synchronously. */
  read(): WindowState | null;
  write(state: WindowState): Promise<void>;
}

export function createWindowStateStore(dataDir: string): WindowStateStore {
  const file = join(dataDir, WINDOW_STATE_FILE);
  return {
    read() {
      try {
        const parsed = WindowStateSchema.safeParse(
          JSON.parse(readRegularTextSync(file, READ_CAPS.smallStateBytes)),
        );
        return parsed.success
          ? { bounds: parsed.data.bounds, maximized: parsed.data.maximized }
          : null;
      } catch {
        return null;
      }
    },
    async write(state) {
      const body = { schema_version: 1, bounds: state.bounds, maximized: state.maximized };
      await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`, { makeFolder: true });
    },
  };
}
