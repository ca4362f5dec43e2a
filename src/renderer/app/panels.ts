import type { PanelDef } from '../panels/types';
import { accountPanel } from '../panels/account';
import { songsPanel } from '../panels/songs';
import { jobsPanel } from '../panels/jobs';
import { voicePanel } from '../panels/voices';
import { libraryPanel } from '../panels/library';
import { coversPanel } from '../panels/covers';
import { videosPanel } from '../panels/videos';
import { settingsPanel } from '../panels/settings';

export type { PanelDef } from '../panels/types';

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
