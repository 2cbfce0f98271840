import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { setupInspector } from './inspector';
import { seedPreloadedFromDocument } from './preload';
import { preloadPath } from './route-reads';
import { readStoredUser } from './stored-user';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/**
 * Public pages arrive prerendered (scripts/prerender.ts) for a visitor: the browser hydrates that
 * HTML. Someone signed in (a customer's menu, an admin's back office) or a page built for another
 * path gets a fresh render instead.
 */
const path = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
const prerenderedFor = root.dataset.prerendered;
const builtForThisPath = prerenderedFor !== undefined && path(prerenderedFor) === path(window.location.pathname);
const hydrate = builtForThisPath && readStoredUser() === null;

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
