import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import { panels } from '../../src/renderer/app/panels';
import { resetAccountStore } from '../../src/renderer/stores/account';
import { resetLibraryStore } from '../../src/renderer/stores/library';
import { installEngineFactory } from '../../src/renderer/playback/engine';
import { resetPlayerStore } from '../../src/renderer/stores/player';
import { resetUiStore } from '../../src/renderer/stores/ui';
import { resetPreferencesStore } from '../../src/renderer/stores/preferences';
import { resetBatches } from '../../src/renderer/panels/songs/BatchStore';
import { resetComposerDraft } from '../../src/renderer/panels/songs/composer-draft';
import { installFakeEngines } from './support/fake-engine';
import { loadAllNamespaces, startI18n, switchLanguage } from '../../src/renderer/i18n';
import { closeMains } from './support/main';

// findBy…/waitFor wait for the real main (support/main.ts): its service calls cross real sockets,
// and on a loaded 2-core machine one round trip has taken over 5 s (a wait fails only on timeout)
configure({ asyncUtilTimeout: 15_000 });

// jsdom plays no media: every test's player gets fake engines (installedEngines() reaches them).
beforeEach(() => {
  installEngineFactory(installFakeEngines().factory);
});

// The app fetches each panel's chunk the first time it opens (lazy-panel.test.tsx covers that);
// here every panel is fetched up front, so a render shows its panel at once.
// i18next starts in English before any render, as main.tsx does before the first frame.
beforeAll(async () => {
  await startI18n('en');
  await loadAllNamespaces(); // the panels' words, as a panel's chunk brings them
  await Promise.all(
    panels.map((p) => (p.Component as { preload?: () => Promise<void> }).preload?.()),
  );
});

afterEach(async () => {
  cleanup();
  resetAccountStore();
  // a test's preferences (its language) must not reach the next render before main answers
  resetPreferencesStore();
  resetUiStore();
  resetPlayerStore();
  // the library list follows one bridge's changes: the next test's fake is another bridge
  resetLibraryStore();
  // the batch list follows one bridge's batch events too
  resetBatches();
  resetComposerDraft(); // the composer's draft outlives its panel, not the test
  installEngineFactory(undefined);
  installBridge(undefined);
  await switchLanguage('en'); // a test that chose another language leaves English behind
  delete document.documentElement.dataset.appReady;
  await closeMains();
});
