import type { MailSite } from '../queue';
import type { OrderRow } from '../repositories/orders';
import type { Mail } from '../queue/mail';
import { formatPounds, type Pence } from '../../domain/money/money';
import { orderName, orderReference } from '../../domain/orders/order-reference';
import { manageLines } from './order-parts';

/**
 * The mails of Direct Debit for series (decision 093): the customer when a collection failed twice,
 * was charged back or the mandate ended, and the office (ADMIN_EMAIL) told the same, to follow up.
 */
export type DirectDebitProblem = 'failed' | 'charged_back' | 'mandate_ended';

const CUSTOMER_TEXT: Record<DirectDebitProblem, (amount: string) => string> = {
  failed: (amount) => `We could not collect ${amount} by Direct Debit, even after trying again. Our office will contact you to arrange payment.`,
  charged_back: (amount) => `Your bank returned the Direct Debit payment of ${amount} to you (a chargeback). Our office will contact you to arrange payment.`,
  mandate_ended: () => 'Your Direct Debit mandate for this series has been cancelled, so we cannot collect the next visits by Direct Debit. Our office will contact you to arrange payment.',
};

const SUBJECT: Record<DirectDebitProblem, string> = {
  failed: 'Direct Debit payment failed',
  charged_back: 'Direct Debit payment returned',
  mandate_ended: 'Direct Debit mandate cancelled',
};

export function directDebitCustomerMail(order: OrderRow, problem: DirectDebitProblem, amount: Pence, site: MailSite): Mail {
  const text = [
    `Hello ${order.user_name},`,
    '',
    `Order ${orderReference(order)} (${order.service_name}): ${CUSTOMER_TEXT[problem](formatPounds(amount))}`,
    ...manageLines(site),
  ].join('\n');
  return { to: order.user_email, subject: `${SUBJECT[problem]} for ${orderName(order)}`, text };
}

export function directDebitOfficeMail(office: string, order: OrderRow, problem: DirectDebitProblem, amount: Pence, detail: string, site: MailSite): Mail {
  const text = [
    `${SUBJECT[problem]}: order ${orderReference(order)} (${order.service_name}) of ${order.user_name} <${order.user_email}>, ${order.phone ?? 'no phone'}.`,
    problem === 'mandate_ended' ? 'Visits of the series not yet collected are due on the day until a new mandate is set up.' : `Amount: ${formatPounds(amount)}.`,
    `GoCardless says: ${detail}`,
    `Its history is on the order in the back office: ${site.publicUrl}/admin`,
  ].join('\n');
  return { to: office, subject: `Follow up: ${SUBJECT[problem]} for ${orderName(order)}`, text };
}
