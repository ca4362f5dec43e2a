import { lazyPanel } from '../lazy-panel';
import type { PanelDef } from '../types';
import { VoiceIcon } from './VoiceIcon';

export const voicePanel: PanelDef = {
  id: 'voice',
  label: 'Voice',
  Icon: VoiceIcon,
  // loaded on demand: its own chunk, fetched the first time the panel opens
  Component: lazyPanel(() => import('./VoicePanel').then((m) => m.VoicePanel)),
};
