/**
 * What availability says to customers, shared by the server (the 409 of a checkout that lost the
 * last team) and the booking form (the time list), so both read the same words.
 */
export const SLOT_TAKEN_MESSAGE = 'That time was just taken — please choose another';
export const FULLY_BOOKED = 'Fully booked';
export const CLOSED = 'Closed';

/** "10:30 — 2 of 3 teams free", or "11:00 — Fully booked". */
export function freeTimeLabel(time: string, free: number, teams: number): string {
  return free > 0 ? `${time} — ${free} of ${teams} ${teams === 1 ? 'team' : 'teams'} free` : `${time} — ${FULLY_BOOKED}`;
}
