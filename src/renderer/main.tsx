import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Cadenza: the page has no #root element');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
