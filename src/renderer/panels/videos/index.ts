import type { PanelDef } from '../types';
import { VideosIcon } from '../covers/icons';
import { VideosPanel } from './VideosPanel';

export const videosPanel: PanelDef = {
  id: 'videos',
  label: 'Videos',
  Icon: VideosIcon,
  Component: VideosPanel,
};
