import { isSeriesFrequency } from '../domain/time/series-dates';
import type { CheckoutRequest, PaymentMethod, WaitlistContact } from '../openapi/schema';
// The one home of UK time, shared with the server and the mails (pure, no DOM).
import { earliestBookableStart } from '../domain/terms/booking-notice';
import { clockChangeProblem, formatLondon, londonLocalToInstant } from '../domain/time/london-time';
import { CheckoutRequestRules, ClockTimeRules } from '../openapi/rules';
import { isUkPostcode } from '../domain/site/postcodes';

/**
 * The place-order form of the checkout machine: its fields, the checks a customer expects before
 * sending (the server checks again, from the contract), and the request it becomes. Pure: no DOM,
 * no clock of its own (callers pass `now`), so the rules are unit-tested directly.
 */

export interface CheckoutForm {
  address: string;
  city: string;
  postcode: string;
  phone: string;
  /** YYYY-MM-DD, the UK date of the job; `INCOMPLETE` while only some of its parts are typed. */
  date: string;
  /** HH:mm, UK time; `INCOMPLETE` while only some of its parts are typed. */
  time: string;
  note: string;
  payment: PaymentMethod;
  /** "Save my card to pay each visit automatically" (decision 038): a series by card only, unticked by default. */
  saveCard: boolean;
}

export type CheckoutErrors = Partial<Record<keyof CheckoutForm, string>>;
/** The form's typed-in fields (not the payment choice nor the consent box). */
export type TextFieldName = Exclude<keyof CheckoutForm, 'payment' | 'saveCard'>;

export const emptyCheckoutForm: CheckoutForm = {
  address: '',
  city: '',
  postcode: '',
  phone: '',
  date: '',
  time: '',
  note: '',
  payment: 'cash',
  saveCard: false,
};

/** The consent's words, shown before paying; the server saves a card only when it was ticked. */
export const SAVE_CARD_LABEL = 'Save my card to pay each visit automatically';
export const SAVE_CARD_DETAIL =
  'Each later visit is charged to this card up to 48 hours before it. You can remove the card from My orders at any time; visits then wait for Pay now.';

/**
 * Whether the checkout asks for the consent: a Weekly, Fortnightly or Monthly booking (a series,
 * as the server's isSeriesFrequency says) paid by card.
 */
export function offersSavedCard(frequency: string | undefined, form: Pick<CheckoutForm, 'payment'>): boolean {
  return form.payment === 'card' && frequency !== undefined && isSeriesFrequency(frequency);
}

/** What a date or time field reports while some of its segments are typed and others are not. */
export const INCOMPLETE = 'incomplete';

// The contract's own CheckoutRequest patterns and its ClockTime (openapi/rules.ts), so a form that passes here passes there.
const checkoutRules = CheckoutRequestRules.properties;
const PHONE = new RegExp(checkoutRules.phone.pattern);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = new RegExp(ClockTimeRules.pattern);

/** The contract's length limits of the form's text fields: the fields' maxLength, and checked here. */
export const checkoutLimits = {
  address: checkoutRules.address.maxLength,
  city: checkoutRules.city.maxLength,
  phone: checkoutRules.phone.maxLength,
  note: checkoutRules.client_note.maxLength,
} as const;
const thousands = new Intl.NumberFormat('en-GB');

export function validateCheckout(form: CheckoutForm, now: Date): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const required = (field: TextFieldName, label: string) => {
    if (!form[field].trim()) errors[field] = `${label} is required !`;
    return !errors[field];
  };
  required('address', 'Address');
  required('city', 'City');
  // A value longer than the contract allows (a restored draft, a browser without maxLength).
  for (const [field, label] of [['address', 'Address'], ['city', 'City'], ['note', 'Note']] as const) {
    const length = form[field].trim().length;
    if (length > checkoutLimits[field]) {
      errors[field] = `${label} is too long: ${thousands.format(length)} characters, at most ${thousands.format(checkoutLimits[field])} !`;
    }
  }
  if (required('postcode', 'Postcode') && !isUkPostcode(form.postcode)) {
    errors.postcode = 'Enter a UK postcode, like SW1A 1AA !';
  }
  if (required('phone', 'Phone') && !PHONE.test(form.phone.trim())) {
    errors.phone = 'Enter a phone number of 7 to 20 digits !';
  }
  const hasDate = required('date', 'Date') && DATE.test(form.date);
  if (!hasDate && !errors.date) errors.date = form.date === INCOMPLETE ? 'Enter the whole date !' : 'Enter the date as YYYY-MM-DD !';
  const hasTime = required('time', 'Time') && TIME.test(form.time);
  if (!hasTime && !errors.time) errors.time = form.time === INCOMPLETE ? 'Enter the whole time !' : 'Enter the time as HH:mm !';
  if (hasDate && hasTime) {
    // Said on the time (the date may be fine at another hour); the notice check still speaks of the date.
    const clockChange = clockChangeProblem(form.date, form.time);
    if (clockChange) errors.time = clockChange;
    const earliest = earliestBookableStart(now);
    if (londonLocalToInstant(form.date, form.time) < earliest) {
      errors.date = `Online bookings need 24 hours notice: choose ${formatLondon(earliest)} (UK time) or later !`;
    }
  }
  return errors;
}

/**
 * The address and phone typed, when they pass the checkout's own checks: a waiting list joined from
 * the form keeps them with the draft, and its offer fills them in (decision 085); null otherwise.
 */
export function waitlistContact(form: CheckoutForm): WaitlistContact | null {
  // Only the address fields' checks are read: the date's notice (which needs the clock) is not.
  const errors = validateCheckout(form, new Date(0));
  if (errors.address || errors.city || errors.postcode || errors.phone) return null;
  const { address, city, code_postal, phone } = toCheckoutRequest(0, form);
  return { address, city, code_postal, phone };
}

export function hasErrors(errors: CheckoutErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The checkout request (R-PAY-1), trimmed; the note is empty when none. */
export function toCheckoutRequest(orderId: number, form: CheckoutForm): CheckoutRequest {
  return {
    order: orderId,
    due_date: form.date,
    due_time: form.time,
    address: form.address.trim(),
    phone: form.phone.trim(),
    city: form.city.trim(),
    code_postal: form.postcode.trim().toUpperCase(),
    client_note: form.note.trim(),
    payment: form.payment,
    // Sent only when ticked, and only with card: the customer's consent, never assumed.
    ...(form.payment === 'card' && form.saveCard ? { save_card: true } : {}),
  };
}
