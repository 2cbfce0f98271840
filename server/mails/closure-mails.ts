import type { MailSite } from '../queue';
import type { VisitOnDay } from '../repositories/closure-moves';
import type { Mail } from '../queue/mail';
import { formatLondon } from '../../domain/time/london-time';
import { MY_ORDERS_PATH } from './order-parts';
import { orderName } from '../../domain/orders/order-reference';

/** The query parameter of My orders that opens the reschedule dialog for a visit a closure set aside. */
export const MOVE_PARAMETER = 'move';

/** The mail to a customer whose visit is on a day the company closed (decision 048). */
export function closureMoveMail(visit: VisitOnDay, day: string, reason: string, token: string, site: MailSite): Mail {
  const why = `We are sorry: we are closed on ${day}${reason ? ` (${reason})` : ''}, so your booking of ${visit.service} (${orderName(visit)}) on ${formatLondon(visit.dueAt)} (UK time) cannot go ahead then.`;
  return moveMail(visit, why, token, site);
}

/** The mail to a customer whose team is off on the visit's day and no other team is free then (decision 057). */
export function teamOffMoveMail(visit: VisitOnDay, token: string, site: MailSite): Mail {
  const why = `We are sorry: the team booked for your ${visit.service} (${orderName(visit)}) on ${formatLondon(visit.dueAt)} (UK time) cannot come then, and no other team is free at that time.`;
  return moveMail(visit, why, token, site);
}

/** The link and the promise are the same whatever set the visit aside: the move is free and the booking stays. */
function moveMail(visit: VisitOnDay, why: string, token: string, site: MailSite): Mail {
  const link = `${site.publicUrl}${MY_ORDERS_PATH}?${MOVE_PARAMETER}=${encodeURIComponent(token)}`;
  const text = [
    `Hello ${visit.customer},`,
    '',
    why,
    'Please choose another time here, free of charge (the link works once):',
    link,
    '',
    'Your booking and any payment stay as they are until you choose.',
    '',
    'Sparkle Cleaning',
  ].join('\n');
  return { to: visit.email, subject: `Please choose a new time: ${orderName(visit)}`, text };
}
