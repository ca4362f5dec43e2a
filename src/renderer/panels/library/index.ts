import type { PanelDef } from '../types';
import { LibraryIcon } from './LibraryIcon';
import { LibraryPanel } from './LibraryPanel';

export const libraryPanel: PanelDef = {
  id: 'library',
  label: 'Library',
  Icon: LibraryIcon,
  Component: LibraryPanel,
};
