import { Library } from 'lucide-react';
import { lineIcon } from '../../components/icons';

/** Books on a shelf (decorative, hidden from assistive technology). */
export const LibraryIcon = lineIcon(Library);
