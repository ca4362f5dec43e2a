import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import { forwardRendererErrors } from './app/error-reporting';
import './styles.css';

forwardRendererErrors();

const container = document.getElementById('root');
if (!container) throw new Error('Cadenza: the page has no #root element');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
