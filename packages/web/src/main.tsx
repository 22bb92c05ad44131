import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { DashboardFirstPaint } from './app/first-paint-shell';
import { preloadRoute } from './app/router';
import { initI18n } from './lib/i18n';
import { earlySession } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
const renderApp = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The app-wide texts are asked for first: the first render waits for them, and the browser sends
// a page's requests in the order asked (six at a time to one server over HTTP/1.1).
// Rendered even when the texts failed to download (offline): keys then show instead of a blank page.
const texts = initI18n().catch(() => undefined);
const { pathname } = window.location;

if (pathname === '/kryepuntor' || pathname === '/kryepuntor/') {
  // The employer's dashboard paints its header bar and title as soon as the texts are in, then asks
  // for the area's chunks and the session check once that frame is drawn (the next animation frame,
  // then a task), so the first paint waits on nothing else; the dashboard replaces it when the
  // chunks and the session are in, without a loading screen between (docs/design-notes.md#web-app-size-speed-and-accessibility).
  void texts.then(() => {
    root.render(
      <StrictMode>
        <DashboardFirstPaint />
      </StrictMode>,
    );
    let asked = false;
    const loadArea = () => {
      if (asked) return;
      asked = true;
      void Promise.all([preloadRoute(pathname), earlySession()])
        .catch(() => undefined)
        // As a transition: React renders the dashboard in slices of a few milliseconds, so the
        // page stays responsive (and the shell on screen) while it does, instead of one long task.
        .finally(() => startTransition(renderApp));
    };
    requestAnimationFrame(() => setTimeout(loadArea, 0));
    // A tab opened in the background draws no frames until it is shown: the area loads meanwhile.
    setTimeout(loadArea, 100);
  });
} else {
  // The page's chunks download alongside the texts instead of after them. The first render waits for
  // them too, up to FIRST_RENDER_WAIT_MS, so the page renders once, without the loading screen between
  // (which shows only after 300 ms anyway); a slower download renders that screen meanwhile.
  const FIRST_RENDER_WAIT_MS = 500;
  const chunks = preloadRoute(pathname);
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  void texts
    .then(() => Promise.race([chunks, waited]))
    .catch(() => undefined)
    .finally(renderApp);
}
