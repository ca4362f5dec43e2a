import type { PanelDef } from './types';
import { accountPanel } from './account';
import { songsPanel } from './songs';
import { jobsPanel } from './jobs';
import { voicePanel } from './voices';
import { libraryPanel } from './library';
import { coversPanel } from './covers';
import { videosPanel } from './videos';
import { settingsPanel } from './settings';

export type { PanelDef } from './types';

/**
 * The panels of the sidebar, in order; Ctrl/Cmd+1..9 open the first nine.
 * Adding a panel: create `panels/<name>/index.ts` exporting a `PanelDef`, then add it here.
 */
export const panels: readonly PanelDef[] = [
  accountPanel,
  songsPanel,
  voicePanel,
  coversPanel,
  videosPanel,
  libraryPanel,
  jobsPanel,
  settingsPanel,
];
