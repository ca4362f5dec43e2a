import type { PanelDef } from '../types';
import { VoiceIcon } from './VoiceIcon';
import { VoicePanel } from './VoicePanel';

export const voicePanel: PanelDef = {
  id: 'voice',
  label: 'Voice',
  Icon: VoiceIcon,
  Component: VoicePanel,
};
