import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The app-wide texts are asked for first: the first render waits for them, and the browser sends
// a page's requests in the order asked (six at a time to one server over HTTP/1.1).
// Rendered even when the texts failed to download (offline): keys then show instead of a blank page.
const texts = initI18n();
// The page's chunks download alongside the texts instead of after them. The first render waits for
// them too, up to FIRST_RENDER_WAIT_MS, so the page renders once, without the loading screen between
// (which shows only after 300 ms anyway); a slower download renders that screen meanwhile.
const FIRST_RENDER_WAIT_MS = 500;
const chunks = preloadRoute(window.location.pathname);
const waited = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
void texts
  .then(() => Promise.race([chunks, waited]))
  .catch(() => undefined)
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
