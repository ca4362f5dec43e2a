import { ListChecks } from 'lucide-react';
import { lineIcon } from '../../components/icons';

/** A checklist (decorative, hidden from assistive technology). */
export const JobsIcon = lineIcon(ListChecks);
