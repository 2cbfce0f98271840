import type { components } from '../openapi/schema';

/**
 * The place-order form of the checkout machine: its fields, the checks a customer expects before
 * sending (the server checks again, from the contract), and the request it becomes. Pure: no DOM,
 * no clock of its own (callers pass `now`), so the rules are unit-tested directly.
 */
export type PaymentMethod = components['schemas']['PaymentMethod'];
export type CheckoutRequest = components['schemas']['CheckoutRequest'];

export interface CheckoutForm {
  address: string;
  city: string;
  postcode: string;
  phone: string;
  /** YYYY-MM-DD, the UK date of the job. */
  date: string;
  /** HH:mm, UK time. */
  time: string;
  note: string;
  payment: PaymentMethod;
}

export type CheckoutErrors = Partial<Record<keyof CheckoutForm, string>>;

export const emptyCheckoutForm: CheckoutForm = {
  address: '',
  city: '',
  postcode: '',
  phone: '',
  date: '',
  time: '',
  note: '',
  payment: 'cash',
};

/** Online bookings need 24 hours' notice (SPEC 9). */
export const NOTICE_HOURS = 24;

// The same patterns as the contract's CheckoutRequest, so a form that passes here passes there.
const UK_POSTCODE = /^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export function validateCheckout(form: CheckoutForm, now: Date): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const required = (field: keyof CheckoutForm, label: string) => {
    if (!form[field].trim()) errors[field] = `${label} is required !`;
    return !errors[field];
  };
  required('address', 'Address');
  required('city', 'City');
  if (required('postcode', 'Postcode') && !UK_POSTCODE.test(form.postcode.trim())) {
    errors.postcode = 'Enter a UK postcode, like SW1A 1AA !';
  }
  if (required('phone', 'Phone') && !PHONE.test(form.phone.trim())) {
    errors.phone = 'Enter a phone number of 7 to 20 digits !';
  }
  const hasDate = required('date', 'Date') && DATE.test(form.date);
  if (!hasDate && !errors.date) errors.date = 'Enter the date as YYYY-MM-DD !';
  const hasTime = required('time', 'Time') && TIME.test(form.time);
  if (!hasTime && !errors.time) errors.time = 'Enter the time as HH:mm !';
  if (hasDate && hasTime && ukLocalToInstant(form.date, form.time) - now.getTime() < NOTICE_HOURS * 3_600_000) {
    errors.date = 'Online bookings need 24 hours notice: choose a later date or time !';
  }
  return errors;
}

export function hasErrors(errors: CheckoutErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The checkout request of SPEC 3, trimmed; the note is empty when none. */
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
  };
}

/** A UK wall-clock date and time (Europe/London, with summer time) as an instant in ms. */
export function ukLocalToInstant(date: string, time: string): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  return asIfUtc - londonOffsetMs(asIfUtc);
}

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** London's offset from UTC at an instant: 0 in winter, one hour in summer. */
function londonOffsetMs(instant: number): number {
  const parts = londonClock.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return wallClock - Math.floor(instant / 60_000) * 60_000;
}
