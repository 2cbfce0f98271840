import { formatDateTime } from '../../../lib/dates';

/** A YYYY-MM-DD HH:mm date that wraps, if it must, only between the date and the time. */
export function DateTime({ iso, empty }: { iso: string | null | undefined; empty: string }) {
  const text = formatDateTime(iso);
  if (!text) return <>{empty}</>;
  const [day, time] = text.split(' ');
  return (
    <time dateTime={iso ?? undefined} className="date-time">
      <span>{day}</span> <span>{time}</span>
    </time>
  );
}
