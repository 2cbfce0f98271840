import type { MailSite } from '../queue';
import type { Mail } from '../queue/mail';
import { formatPounds, type Pence } from '../../domain/money/money';
import { payNowUrl } from './order-parts';
import { orderName } from '../../domain/orders/order-reference';

/** The mails of an office booking (decision 047); the booking's confirmation is the checkout's own. */
export function officeInvitationMail(customer: { name: string; email: string }, token: string, publicUrl: string): Mail {
  return {
    to: customer.email,
    subject: 'Your Sparkle Cleaning account',
    text: [
      `Hello ${customer.name},`,
      '',
      'Thank you for your call: we have booked your cleaning and made you an account, so you can see and manage it on My orders.',
      `Choose your password here within 72 hours: ${publicUrl}/reset-password/${token}`,
      `Then sign in at ${publicUrl}/login with this email address.`,
      '',
      'Sparkle Cleaning',
    ].join('\n'),
  };
}

export function officePayNowMail(customer: { name: string; email: string }, order: { id: number; reference: number }, total: Pence, site: MailSite): Mail {
  return {
    to: customer.email,
    subject: `Pay now: ${orderName(order)}, ${formatPounds(total)}`,
    text: [
      `Hello ${customer.name},`,
      '',
      `Your ${orderName(order)} booked by phone comes to ${formatPounds(total)}.`,
      `To pay by card, press Pay now on your order on My orders: ${payNowUrl(site, order.id)}`,
      '',
      'Sparkle Cleaning',
    ].join('\n'),
  };
}
