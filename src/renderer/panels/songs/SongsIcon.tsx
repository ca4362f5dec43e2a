import { Music } from 'lucide-react';
import { lineIcon } from '../../components/icons';

/** A note (decorative, hidden from assistive technology). */
export const SongsIcon = lineIcon(Music);
