import { lazyPanel } from '../lazy-panel';
import type { PanelDef } from '../types';
import { VideosIcon } from './VideosIcon';

export const videosPanel: PanelDef = {
  id: 'videos',
  label: 'shell:nav.videos',
  Icon: VideosIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./VideosPanel').then((m) => m.VideosPanel)),
};
