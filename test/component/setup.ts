import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import { panels } from '../../src/renderer/panels';
import { resetAccountStore } from '../../src/renderer/stores/account';
import { resetUiStore } from '../../src/renderer/stores/ui';

// The app fetches each panel's chunk the first time it opens (lazy-panel.test.tsx covers that);
// here every panel is fetched up front, so a render shows its panel at once.
beforeAll(async () => {
  await Promise.all(
    panels.map((p) => (p.Component as { preload?: () => Promise<void> }).preload?.()),
  );
});

afterEach(() => {
  cleanup();
  resetAccountStore();
  resetUiStore();
  installBridge(undefined);
  delete document.documentElement.dataset.appReady;
});
