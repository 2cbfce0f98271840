import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { preloadPath } from '../shared/route-reads';

/**
 * Starts the new route's reads while it renders (before its lazy screen has even loaded). Only
 * when the path changes: the registry hands each read to one screen, so a re-render must not
 * start it again.
 */
export function usePreloadRouteReads(enabled: boolean): void {
  const { pathname } = useLocation();
  const started = useRef<string | null>(null);
  if (enabled && started.current !== pathname) {
    started.current = pathname;
    preloadPath(pathname);
  }
}
