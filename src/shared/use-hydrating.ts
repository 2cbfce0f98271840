import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * True while React renders a page for its HTML (the build's prerender) and while the browser
 * hydrates that HTML; false in every later render, and in a page rendered afresh. A screen that
 * depends on the browser (the stored session, drafts) renders what the HTML holds while this is
 * true, so hydration matches, and its own state from the next render on (React re-renders at once
 * when the client's value differs from the server's).
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(neverChanges, () => false, () => true);
}
