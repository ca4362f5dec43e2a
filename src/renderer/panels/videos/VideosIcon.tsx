import { Clapperboard } from 'lucide-react';
import { lineIcon } from '../../components/icons';

/** The Videos panel's sidebar icon (decorative): a clapperboard. */
export const VideosIcon = lineIcon(Clapperboard);
