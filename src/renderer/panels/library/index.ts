import { lazyPanel } from '../lazy-panel';
import type { PanelDef } from '../types';
import { LibraryIcon } from './LibraryIcon';

export const libraryPanel: PanelDef = {
  id: 'library',
  label: 'shell:nav.library',
  Icon: LibraryIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./LibraryPanel').then((m) => m.LibraryPanel)),
};
