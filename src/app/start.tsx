import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { setupInspector } from '../shared/inspector';
import { matchPage } from '../../domain/site/page-routes';
import { seedPreloadedFromDocument } from '../shared/preload';
import { preloadPath } from '../shared/route-reads';
import { readStoredUser } from '../shared/stored-user';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/**
 * Public pages arrive prerendered (scripts/prerender.ts) for a visitor: the browser hydrates that
 * HTML. An administrator (the back office) or a page built for another path gets a fresh render.
 */
const path = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
const prerenderedFor = root.dataset.prerendered;
// "*": the not-found page, answered (404) for any path that is no page of the route table.
const builtForThisPath =
  prerenderedFor !== undefined &&
  (path(prerenderedFor) === path(window.location.pathname) || (prerenderedFor === '*' && matchPage(window.location.pathname) === null));
// A customer's public page is the visitor's until the navbar shows their menu after start-up, so
// it is hydrated too (what they typed or scrolled is kept); an administrator's is the back office.
const hydrate = builtForThisPath && readStoredUser()?.roles.includes('ROLE_ADMIN') !== true;

// The data the page was built with is shown at once, then read again.
if (builtForThisPath) seedPreloadedFromDocument();
// The route's reads start before React renders, beside its lazy chunk.
if (readStoredUser()?.roles.includes('ROLE_ADMIN') !== true) preloadPath(window.location.pathname);

// The inspector (only with ?inspect) must exist before the first actor is created.
void setupInspector().then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // In a transition React renders (and hydrates) in small slices, so the main thread stays free.
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(root, app);
    } else {
      root.textContent = '';
      createRoot(root).render(app);
    }
  });
});
