import { Disc3 } from 'lucide-react';
import { lineIcon } from '../../components/icons';

/** The Covers panel's sidebar icon (decorative): a record. */
export const CoversIcon = lineIcon(Disc3);
