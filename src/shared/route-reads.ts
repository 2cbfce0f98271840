import { matchPage } from '../../domain/site/page-routes';
import { startRead, type PublicReadName } from './preload';
import { publicRoutes, type PublicRoute } from './routes';

/**
 * The API reads each public route needs (the route table's `reads`), so they start together as soon as the route is known —
 * in parallel with its lazy chunk, not after its screen mounts (issue 6, goal 3). The prerender
 * (scripts/prerender.ts) builds the same reads into the page's HTML.
 */
export function readsForPath(pathname: string): [PublicReadName, unknown?][] {
  const page = matchPage(pathname);
  if (page?.area !== 'public') return [];
  return (publicRoutes[page.name] as PublicRoute).reads?.(page.params) ?? [];
}

export function preloadPath(pathname: string): void {
  for (const [name, params] of readsForPath(pathname)) startRead(name, params);
}
