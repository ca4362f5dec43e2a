import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Root } from '../../../src/renderer/app/App';
import { installBridge } from '../../../src/renderer/bridge';
import type { PanelDef } from '../../../src/renderer/app/panels';
import { startMain, type Main, type MainOptions } from './main';

interface RenderOptions {
  panels?: readonly PanelDef[];
  onReload?: () => void;
}

async function renderRoot(options: RenderOptions) {
  const user = userEvent.setup();
  const view = render(<Root panels={options.panels} onReload={options.onReload} />);
  await waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));
  return { user, ...view };
}

/**
 * Renders the whole app over the real main (support/main.ts: the preload's API, main's handlers,
 * a core on temp folders, the emulator) and waits until it reports ready. Pass a started `main` to
 * seed state first, or main's options to start one.
 */
export async function renderMain(options: RenderOptions & { main?: Main } & MainOptions = {}) {
  const main = options.main ?? (await startMain(options));
  installBridge(main.api);
  return { main, ...(await renderRoot(options)) };
}
