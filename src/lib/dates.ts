import { formatLondon } from '../../domain/time/london-time';

/** Dates display as YYYY-MM-DD HH:mm (R-UI-4), in UK time whatever the browser's zone. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatLondon(iso);
}

/**
 * "01/12/2026" for the UK day "2026-12-01": how a day is written beside the dd/mm/yyyy date fields,
 * so a person reads it as they typed it. Anything else is returned as it is.
 */
export function formatUkDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}
