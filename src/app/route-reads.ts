import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../shared/paths';
import { startRead, type PublicReadName } from '../shared/preload';

/**
 * The API reads each public route needs, so they start together as soon as the route is known —
 * in parallel with its lazy chunk, not after its screen mounts (issue 6, goal 3). The prerender
 * (scripts/prerender.ts) builds the same reads into the page's HTML.
 */
export function readsForPath(pathname: string): [PublicReadName, unknown?][] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.landing) return [['services'], ['counters'], ['testimonies']];
  if (path === paths.services) return [['services']];
  if (path === paths.faqs) return [['faqs']];
  const serviceId = /^\/service\/(\d+)$/.exec(path)?.[1];
  if (serviceId) return [['serviceDetail', Number(serviceId)]];
  return [];
}

export function preloadPath(pathname: string): void {
  for (const [name, params] of readsForPath(pathname)) startRead(name, params);
}

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
