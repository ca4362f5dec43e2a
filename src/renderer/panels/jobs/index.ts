import { lazyPanel } from '../lazy-panel';
import type { PanelDef } from '../types';
import { JobsIcon } from './JobsIcon';

export const jobsPanel: PanelDef = {
  id: 'jobs',
  label: 'shell:nav.jobs',
  Icon: JobsIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./JobsPanel').then((m) => m.JobsPanel)),
};
