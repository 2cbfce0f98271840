import type { MailText } from './mail-text';
import { formatLondon } from '../../domain/time/london-time';
import { MY_ORDERS_PATH } from './order-parts';

/**
 * "On my way" (decision 040): only that the team is coming and for which booking. No access
 * notes, address or codes ever go in a mail.
 */
export const onTheWayMail = (visit: { firstName: string; team: string; service: string; dueAt: Date | string }, publicUrl: string): MailText => ({
  subject: 'Your Sparkle Cleaning team is on the way',
  text: [
    `Hello ${visit.firstName},`,
    '',
    `${visit.team} is on the way for your ${visit.service} booked at ${formatLondon(visit.dueAt)} (UK time).`,
    `Your bookings: ${publicUrl}${MY_ORDERS_PATH}`,
  ].join('\n'),
});
