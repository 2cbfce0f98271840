import type { MailText } from './mail-text';

/** The customer's mail when staff edit their booked job (decision 055; services/job-edits.ts). */
export interface JobEditMailFacts {
  name: string;
  service: string;
  reference: string;
  /** YYYY-MM-DD HH:mm (UK time). */
  when: string;
  /** The time before, when it moved. */
  was: string | null;
  /** The lines the edit added, as `lineText` prints them. */
  changes: string[];
  /** `£1,234.50`. */
  total: string;
  reason: string;
  /** What the money does now, in a sentence; null when the price stayed. */
  money: string | null;
  myOrdersUrl: string;
}

export const jobEditMail = (facts: JobEditMailFacts): MailText => ({
  subject: `Booking changed: ${facts.service} on ${facts.when} (UK time)`,
  text: [
    `Hello ${facts.name},`,
    '',
    `We changed your booking of ${facts.service} (order ${facts.reference}): ${facts.reason}`,
    `Date and time: ${facts.when} (UK time)`,
    ...(facts.was ? [`Was: ${facts.was} (UK time)`, 'The new time is attached as a calendar entry (.ics); it replaces the earlier one.'] : []),
    ...(facts.changes.length > 0 ? ['', 'Price changes:', ...facts.changes.map((line) => `  ${line}`)] : []),
    `The order's total is now ${facts.total}.`,
    ...(facts.money ? [facts.money] : []),
    '',
    `See or manage it on My orders: ${facts.myOrdersUrl}`,
  ].join('\n'),
});
