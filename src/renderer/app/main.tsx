import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './App';
import { forwardRendererErrors } from './error-reporting';
import { applyTheme } from './theme';
import { preloadPlayback } from '../playback/engine';
import { loadAllNamespaces, startI18n } from '../i18n';
import { loadPreferences, usePreferencesStore } from '../stores/preferences';
import '../styles.css';

forwardRendererErrors();
applyTheme('system'); // the OS theme from the first frame; the stored choice follows

const container = document.getElementById('root');
if (!container) throw new Error('Cadenza: the page has no #root element');

// The first frame is already in the app's language: the stored choice (or the OS's best fit) is
// read from main and i18next (its own chunk, fetched in parallel) started in it before rendering,
// with the window frame's namespaces only (FIRST_FRAME_NAMESPACES); the panels' follow.
void (async () => {
  await Promise.all([loadPreferences(), import('../i18n/runtime')]);
  await startI18n(usePreferencesStore.getState().preferences?.appLanguage ?? 'en');
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
  preloadPlayback(); // the audio engine is its own chunk, fetched once the first screen is up
  void loadAllNamespaces(); // the panels' words (a panel's chunk waits for them too)
})();
