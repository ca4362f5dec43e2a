import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Root } from '../../../src/renderer/app/App';
import { installBridge } from '../../../src/renderer/bridge';
import type { PanelDef } from '../../../src/renderer/panels';
import { FakeCadenza } from './fake-cadenza';

/** Renders the whole app against a fake main and waits until it reports ready. */
export async function renderApp(
  options: { fake?: FakeCadenza; panels?: readonly PanelDef[]; onReload?: () => void } = {},
) {
  const fake = options.fake ?? new FakeCadenza();
  installBridge(fake.api);
  const user = userEvent.setup();
  const view = render(<Root panels={options.panels} onReload={options.onReload} />);
  await waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));
  return { fake, user, ...view };
}
