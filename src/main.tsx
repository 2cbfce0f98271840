import './styles/global.css';
import { setTokenSource } from './api/auth-middleware';
import { readStoredUser } from './shared/stored-user';

/**
 * The entry is tiny on purpose: the app (React, the router, the machines) is a chunk of its own.
 * A prerendered page's loader (server/lib/page-loader.ts) requests this entry and the app's chunks
 * side by side once the page has painted; the shell (spa.html) preloads them with the entry.
 *
 * React's DOM renderer is the largest module: it is evaluated in a task of its own, and the rest of
 * the app in the next, so neither blocks the main thread for long (issue 6: total blocking time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// An administrator's back office is a chunk of its own that React would ask for only once the app
// runs: it is fetched beside React instead, and the page's first reads start as soon as it has
// loaded (features/admin/first-reads.ts) with the stored token the session machine will start from
// (the machine sets its own source when it runs, after this).
if (readStoredUser()?.roles.includes('ROLE_ADMIN')) {
  setTokenSource(() => readStoredUser()?.token ?? null);
  void import('./features/admin/admin-app').then(
    ({ startFirstReads }) => startFirstReads(window.location, new Date()),
    () => {}, // React asks for the chunk again and shows what went wrong.
  );
}

void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./app/start'));
