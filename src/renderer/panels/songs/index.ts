import { SongsIcon } from './SongsIcon';
import type { PanelDef } from '../types';
import { SongsPanel } from './SongsPanel';

export const songsPanel: PanelDef = {
  id: 'songs',
  label: 'Songs',
  Icon: SongsIcon,
  Component: SongsPanel,
};
