import type { PanelDef } from '../types';
import { JobsIcon } from './JobsIcon';
import { JobsPanel } from './JobsPanel';

export const jobsPanel: PanelDef = {
  id: 'jobs',
  label: 'Jobs',
  Icon: JobsIcon,
  Component: JobsPanel,
};
