import { lazyPanel } from '../lazy-panel';
import type { PanelDef } from '../types';
import { CoversIcon } from './CoversIcon';

export const coversPanel: PanelDef = {
  id: 'covers',
  label: 'shell:nav.covers',
  Icon: CoversIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./CoversPanel').then((m) => m.CoversPanel)),
};
