import { lazyPanel } from '../lazy-panel';
import { AccountIcon } from '../../components/icons';
import type { PanelDef } from '../types';

export const accountPanel: PanelDef = {
  id: 'account',
  label: 'shell:nav.account',
  Icon: AccountIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./AccountPanel').then((m) => m.AccountPanel)),
};
