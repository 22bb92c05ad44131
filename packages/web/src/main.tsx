import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The page's chunk downloads alongside the texts instead of after them.
preloadRoute(window.location.pathname);
// Rendered even when the texts failed to download (offline): keys then show instead of a blank page.
void initI18n().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
