import { formatLondon } from './london-time';

/** Dates display as YYYY-MM-DD HH:mm (R-UI-4), in UK time whatever the browser's zone. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatLondon(iso);
}
