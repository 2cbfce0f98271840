import type { AdminOrder } from '../../../api/list-orders';
import { formatDateTime } from '../../../lib/dates';

const header = ['Order id', 'Name', 'Service Name', 'Price (GBP)', 'State', 'Service Date', 'Date of complete', 'Refund requested'];

/**
 * The rows on screen as CSV (RFC 4180: quoted when needed, CRLF line ends). Prices are plain numbers
 * so spreadsheets can sum them; a cell starting with = + - @ is prefixed with ' so it is never run
 * as a formula.
 */
export function ordersToCsv(orders: readonly AdminOrder[]): string {
  const lines = orders.map((o) => [
    String(o.id),
    o.user,
    o.service,
    o.total.toFixed(2),
    o.status,
    formatDateTime(o.due),
    formatDateTime(o.completed) || 'Not yet',
    o.refund ? 'yes' : 'no',
  ]);
  return [header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Hands a text file to the browser as a download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
