import { Settings } from 'lucide-react';
import { lineIcon } from '../../components/icons';
import { lazyPanel } from '../lazy-panel';
import type { PanelDef } from '../types';

export const settingsPanel: PanelDef = {
  id: 'settings',
  label: 'shell:nav.settings',
  Icon: lineIcon(Settings),
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./SettingsPanel').then((m) => m.SettingsPanel)),
};
