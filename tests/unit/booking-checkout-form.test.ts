import { describe, expect, it } from 'vitest';
import { emptyCheckoutForm, INCOMPLETE, toCheckoutRequest, validateCheckout, type CheckoutForm } from '../../machines/checkout-form';

// A fixed "now": Tuesday 1 July 2025, 10:00 in London (09:00 UTC, summer time).
const now = new Date('2025-07-01T09:00:00Z');
const filled: CheckoutForm = {
  ...emptyCheckoutForm,
  address: '221B Baker Street',
  city: 'London',
  postcode: 'NW1 6XE',
  phone: '+44 20 7946 0000',
  date: '2025-07-03',
  time: '10:00',
};

describe('place order form checks', () => {
  it('accepts a complete form booked more than 24 hours ahead', () => {
    expect(validateCheckout(filled, now)).toEqual({});
  });

  it('asks for every required field, the note being optional', () => {
    expect(validateCheckout(emptyCheckoutForm, now)).toEqual({
      address: 'Address is required !',
      city: 'City is required !',
      postcode: 'Postcode is required !',
      phone: 'Phone is required !',
      date: 'Date is required !',
      time: 'Time is required !',
    });
  });

  it('treats blanks as missing', () => {
    expect(validateCheckout({ ...filled, address: '   ' }, now)).toEqual({ address: 'Address is required !' });
  });

  it.each(['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', ' EC1A 1BB '])('accepts the UK postcode %j', (postcode) => {
    expect(validateCheckout({ ...filled, postcode }, now).postcode).toBeUndefined();
  });

  it.each(['75008', 'SW1A', 'ABC 123', '1AA SW1A', 'SW1A 1AAA'])('refuses %j as a UK postcode', (postcode) => {
    expect(validateCheckout({ ...filled, postcode }, now).postcode).toBe('Enter a UK postcode, like SW1A 1AA !');
  });

  it.each(['020 7946 0000', '+447700900123', '(01632) 960-001'])('accepts the phone number %j', (phone) => {
    expect(validateCheckout({ ...filled, phone }, now).phone).toBeUndefined();
  });

  it.each(['12345', 'call me', '+44 20 7946 0000 0000 00'])('refuses %j as a phone number', (phone) => {
    expect(validateCheckout({ ...filled, phone }, now).phone).toBe('Enter a phone number of 7 to 20 digits !');
  });

  it('needs 24 hours notice (R-PAY-1), counted in UK time, and names the earliest time allowed', () => {
    const notice = 'Online bookings need 24 hours notice: choose 2025-07-02 10:00 (UK time) or later !';
    expect(validateCheckout({ ...filled, date: '2025-07-02', time: '09:59' }, now).date).toBe(notice);
    expect(validateCheckout({ ...filled, date: '2025-07-02', time: '10:00' }, now).date).toBeUndefined();
    expect(validateCheckout({ ...filled, date: '2025-06-30', time: '10:00' }, now).date).toBe(notice);
  });

  it('names the next whole minute when now is between minutes', () => {
    const later = new Date('2025-07-01T09:00:30Z');
    expect(validateCheckout({ ...filled, date: '2025-07-02', time: '10:00' }, later).date).toBe(
      'Online bookings need 24 hours notice: choose 2025-07-02 10:01 (UK time) or later !',
    );
  });

  it('reads 2026-10-25 01:30, which happens twice, as the first one (summer time), like the server', () => {
    // 00:20 UTC on the 24th: 24 hours later is 00:20 UTC, before the first 01:30 (00:30 UTC).
    const form = { ...filled, date: '2026-10-25', time: '01:30' };
    expect(validateCheckout(form, new Date('2026-10-24T00:20:00Z')).date).toBeUndefined();
    // 00:40 UTC: the first 01:30 is now less than 24 hours away, though the second (01:30 UTC) is not.
    expect(validateCheckout(form, new Date('2026-10-24T00:40:00Z')).date).toBe(
      'Online bookings need 24 hours notice: choose 2026-10-25 01:40 (UK time) or later !',
    );
  });

  it('refuses a time the clocks skip (2027-03-28) or show twice (2027-10-31), as the server does (issue 24)', () => {
    const early = new Date('2027-03-01T12:00:00Z');
    expect(validateCheckout({ ...filled, date: '2027-03-28', time: '01:30' }, early)).toEqual({
      time: '01:30 on 2027-03-28 does not exist in the UK: the clocks go forward from 01:00 to 02:00 that night. Please choose another time',
    });
    expect(validateCheckout({ ...filled, date: '2027-10-31', time: '01:00' }, early)).toEqual({
      time: '01:00 on 2027-10-31 happens twice in the UK: the clocks go back from 02:00 to 01:00 that night. Please choose another time',
    });
    for (const [date, time] of [['2027-03-28', '00:30'], ['2027-03-28', '02:00'], ['2027-10-31', '00:59'], ['2027-10-31', '02:00'], ['2027-04-04', '01:30']] as const) {
      expect(validateCheckout({ ...filled, date, time }, early)).toEqual({});
    }
  });

  it('says "Enter the whole date" when only some parts of it are typed', () => {
    expect(validateCheckout({ ...filled, date: INCOMPLETE }, now).date).toBe('Enter the whole date !');
    expect(validateCheckout({ ...filled, time: INCOMPLETE }, now).time).toBe('Enter the whole time !');
  });

  it('refuses dates and times not in the form the contract expects', () => {
    expect(validateCheckout({ ...filled, date: '03/07/2025' }, now).date).toBe('Enter the date as YYYY-MM-DD !');
    expect(validateCheckout({ ...filled, time: '25:00' }, now).time).toBe('Enter the time as HH:mm !');
  });
});

describe('the checkout request', () => {
  it('is the R-PAY-1 payload, trimmed, the postcode upper-cased and an empty note when none', () => {
    expect(toCheckoutRequest(12, { ...filled, postcode: ' nw1 6xe', city: ' London ', payment: 'card' })).toEqual({
      order: 12,
      due_date: '2025-07-03',
      due_time: '10:00',
      address: '221B Baker Street',
      phone: '+44 20 7946 0000',
      city: 'London',
      code_postal: 'NW1 6XE',
      client_note: '',
      payment: 'card',
    });
  });
});
