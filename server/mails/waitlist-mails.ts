import type { MailText } from './mail-text';
import { formatLondon } from '../../domain/time/london-time';
import { formatPounds, type Pence } from '../../domain/money/money';

/** The query parameter of My orders that opens a waiting list's offer (decision 056). */
export const OFFER_PARAMETER = 'offer';

/** The mail offering a freed time to the first waiting customer whose job fits it. */
export function waitlistOfferMail(
  offer: { customer: string; service: string; dueAt: Date; heldUntil: Date; total: Pence },
  link: string,
): MailText {
  return {
    subject: `A time is free on ${formatLondon(offer.dueAt).slice(0, 10)}: it is held for you`,
    text: [
      `Hello ${offer.customer},`,
      '',
      `A time has come free on the day you are waiting for: ${offer.service} on ${formatLondon(offer.dueAt)} (UK time), ${formatPounds(offer.total)}.`,
      `We hold it for you until ${formatLondon(offer.heldUntil)} (UK time). Book it here (the link works once):`,
      link,
      '',
      'After that time it is offered to the next customer waiting.',
      '',
      'Sparkle Cleaning',
    ].join('\n'),
  };
}
