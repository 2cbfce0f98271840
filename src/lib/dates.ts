import dayjs from 'dayjs';

/** Dates display as YYYY-MM-DD HH:mm (SPEC 2). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '';
}
