import type { PanelDef } from '../types';
import { CoversPanel } from './CoversPanel';
import { CoversIcon } from './icons';

export const coversPanel: PanelDef = {
  id: 'covers',
  label: 'Covers',
  Icon: CoversIcon,
  Component: CoversPanel,
};
