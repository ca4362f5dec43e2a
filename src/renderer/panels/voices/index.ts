import { lazyPanel } from '../lazy-panel';
import type { PanelDef } from '../types';
import { VoiceIcon } from './VoicesIcon';

export const voicePanel: PanelDef = {
  id: 'voice',
  label: 'shell:nav.voice',
  Icon: VoiceIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./VoicesPanel').then((m) => m.VoicePanel)),
};
