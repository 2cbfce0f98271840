import { getStats } from '../../../api/get-stats';
import { getWeeklyStats } from '../../../api/get-weekly-stats';
import { startFetch } from '../../../shared/preload';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Page, Spinner } from '../../../components/ui';
import { formatMoney } from '../../../../domain/money/money';
import { StatTiles, type StatTile } from '../shared/stat-tiles';
import { WeeklyChart } from './weekly-chart';
import type { Stats } from '../../../../openapi/schema';

/** What DashboardPage asks for first, started before it renders (first-reads.ts). */
export function startDashboardReads(): void {
  startFetch(getStats);
  startFetch(getWeeklyStats);
}

/** R-ADMIN-2 "/": the greeting, six totals (missing ones read 0) and, beyond the brief, the weekly chart. */
export function DashboardPage() {
  const stats = useRequest(getStats, { auto: true });
  const weekly = useRequest(getWeeklyStats, { auto: true });

  return (
    <Page title="Overview" heading="Hi, Welcome back" width="full">
      {stats.loading ? <Spinner label="Loading statistics" /> : null}
      {stats.error ? (
        <Alert variant="error" className="load-error">
          {stats.error} <Button size="sm" variant="secondary" onPress={stats.retry}>Try again</Button>
        </Alert>
      ) : null}
      <StatTiles label="Totals" tiles={dashboardTiles(stats.data)} busy={stats.loading} />
      <section className="admin-section" aria-labelledby="weekly-heading">
        <h2 id="weekly-heading">Last 12 weeks</h2>
        {weekly.loading ? <Spinner label="Loading weekly figures" /> : null}
        {weekly.error ? <Alert variant="error">{weekly.error}</Alert> : null}
        {weekly.data ? <WeeklyChart weeks={weekly.data} /> : null}
      </section>
    </Page>
  );
}

function dashboardTiles(stats: Partial<Stats> | null): StatTile[] {
  const s = stats ?? {};
  return [
    { label: 'Total Revenues', value: formatMoney(s.revenue ?? 0), icon: '£', tone: 'primary' },
    { label: 'Total Refound', value: formatMoney(s.refunded ?? 0), icon: '↺', tone: 'accent' },
    { label: 'Total Users', value: String(s.users ?? 0), icon: '☺', tone: 'primary' },
    { label: 'Orders completed', value: String(s.completed ?? 0), icon: '✓', tone: 'success' },
    { label: 'Orders in queue', value: String(s.inqueue ?? 0), icon: '◷', tone: 'waiting' },
    { label: 'Orders canceled', value: String(s.cancelled ?? 0), icon: '✕', tone: 'danger' },
  ];
}
