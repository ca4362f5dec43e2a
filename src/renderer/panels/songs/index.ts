import { lazyPanel } from '../lazy-panel';
import { SongsIcon } from './SongsIcon';
import type { PanelDef } from '../types';

export const songsPanel: PanelDef = {
  id: 'songs',
  label: 'shell:nav.songs',
  Icon: SongsIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./SongsPanel').then((m) => m.SongsPanel)),
};
