import { matchPage } from '../../../domain/site/page-routes';
import { startDashboardReads } from './dashboard/dashboard-page';
import { startOrdersReads } from './orders/orders-page';
import { startTeamsReads } from './teams/teams-page';
import { startUsersReads } from './users/users-page';

/**
 * The reads an administrator's page opens with, started as soon as the back office's chunk has
 * loaded (src/main.tsx) instead of once React has rendered the page: a cold `/orders` otherwise
 * waits for start-up, the session and the layout before it even asks (issue 13: first data row
 * ≤ 1 s). Each page says what it asks for first beside the hooks that ask for it, so the two keep
 * the same query; a read nobody takes is simply not used. Until the session machine runs, the
 * token is the stored one it starts from.
 */
export function startFirstReads(location: { pathname: string; search: string }, now: Date): void {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return startDashboardReads();
  const page = matchPage(path);
  if (page?.area !== 'admin') return;
  if (page.name === 'orders') startOrdersReads(new URLSearchParams(location.search), now);
  else if (page.name === 'users') startUsersReads();
  else if (page.name === 'teams') startTeamsReads();
}
