/**
 * What the confirmation page (/success) shows after a cash checkout: handed over in the history
 * entry's state, so it survives a reload of /success without another request. The date and time
 * are the job's UK date and time exactly as booked.
 */
export interface BookedState {
  reference: number;
  service: string;
  /** YYYY-MM-DD, UK. */
  date: string;
  /** HH:mm, UK time. */
  time: string;
  total: number;
}

export function readBookedState(state: unknown): BookedState | null {
  const booked = (state as { booked?: Partial<BookedState> } | null)?.booked;
  if (!booked || typeof booked.reference !== 'number' || typeof booked.total !== 'number') return null;
  if (typeof booked.date !== 'string' || typeof booked.time !== 'string' || typeof booked.service !== 'string') return null;
  return booked as BookedState;
}
