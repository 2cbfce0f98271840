import type { MailText } from './mail-text';
import { formatLondon, londonDate } from '../../domain/time/london-time';
import { formatPounds, type Pence } from '../../domain/money/money';
import { WAKING_HOURS_TEXT } from '../../domain/waitlist/waking-hours';

/** The query parameter of My orders that opens a waiting list's offer (decision 056). */
export const OFFER_PARAMETER = 'offer';
/** The parameter that opens the reschedule dialog at a time held for a booked visit (decision 067). */
export const HELD_MOVE_PARAMETER = 'held';

/** The mail offering a freed time to the first waiting customer whose job fits it. */
export function waitlistOfferMail(
  offer: { customer: string; service: string; dueAt: Date; heldUntil: Date; total: Pence; moves: boolean },
  link: string,
): MailText {
  // A booked visit waiting for the day (decision 067) is moved there by the reschedule, its terms and fee applying.
  const use = offer.moves ? 'Move your booking to it here (the reschedule terms apply)' : 'Book it here (the link works once)';
  return {
    subject: `A time is free on ${londonDate(offer.dueAt)}: it is held for you`,
    text: [
      `Hello ${offer.customer},`,
      '',
      `A time has come free on the day you are waiting for: ${offer.service} on ${formatLondon(offer.dueAt)} (UK time), ${formatPounds(offer.total)}.`,
      `We hold it for you until ${formatLondon(offer.heldUntil)} (UK time). ${use}:`,
      link,
      '',
      'After that time it is offered to the next customer waiting.',
      WAKING_HOURS_TEXT,
      '',
      'Sparkle Cleaning',
    ].join('\n'),
  };
}
