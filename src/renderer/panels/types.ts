import type { ComponentType } from 'react';

/** One entry of the sidebar: a panel of the app. */
export interface PanelDef {
  /** Stable id, used for the active-panel state and element ids. */
  readonly id: string;
  /** The sidebar button's name as a catalog key, e.g. 'shell:nav.account' (shown translated). */
  readonly label: string;
  /** A small decorative icon (aria-hidden). */
  readonly Icon: ComponentType;
  /** The panel itself; it renders its own `<h1>` heading. */
  readonly Component: ComponentType;
}
