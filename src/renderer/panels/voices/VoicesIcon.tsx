import { Mic } from 'lucide-react';
import { lineIcon } from '../../components/icons';

/** A microphone (decorative, hidden from assistive technology). */
export const VoiceIcon = lineIcon(Mic);
