import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './App';
import { forwardRendererErrors } from './error-reporting';
import { applyTheme } from './theme';
import { preloadPlayback } from '../playback/engine';
import '../styles.css';

forwardRendererErrors();
applyTheme('system'); // the OS theme from the first frame; the stored choice follows

const container = document.getElementById('root');
if (!container) throw new Error('Cadenza: the page has no #root element');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
preloadPlayback(); // the audio engine is its own chunk, fetched once the first screen is up
