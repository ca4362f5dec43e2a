import { AccountIcon } from '../../components/icons';
import type { PanelDef } from '../types';
import { AccountPanel } from './AccountPanel';

export const accountPanel: PanelDef = {
  id: 'account',
  label: 'Account',
  Icon: AccountIcon,
  Component: AccountPanel,
};
