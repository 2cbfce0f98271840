import './styles/global.css';

/**
 * The entry is tiny on purpose: the app (React, the router, the machines) is a chunk of its own.
 * A prerendered page's loader (server/lib/page-loader.ts) requests this entry and the app's chunks
 * side by side once the page has painted; the shell (spa.html) preloads them with the entry.
 *
 * React's DOM renderer is the largest module: it is evaluated in a task of its own, and the rest of
 * the app in the next, so neither blocks the main thread for long (issue 6: total blocking time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./app/start'));
