import { describe, expect, it } from 'vitest';
import { peopleWordsFor } from '../../src/api/field-words';
import { messageFromBody } from '../../src/api/errors';
import { isRetryable } from '../../machines/checkout.machine';
import { checkoutLimits, emptyCheckoutForm, validateCheckout } from '../../machines/checkout-form';

describe('a 400 in people’s words (issue 25 row 5)', () => {
  it('says which field and what is wrong, never the validator’s text', () => {
    expect(peopleWordsFor('body/client_note must NOT have more than 2000 characters')).toBe('The note is too long: at most 2,000 characters.');
    expect(peopleWordsFor('body/reason must NOT have fewer than 1 characters')).toBe('The reason is required.');
    expect(peopleWordsFor('body/name must NOT have fewer than 6 characters')).toBe('The name is too short: at least 6 characters.');
    expect(peopleWordsFor('body/code_postal must match pattern "^[A-Z]"')).toBe('The postcode is not valid: please check it.');
    expect(peopleWordsFor('body/items/0/quantity must be <= 100')).toBe('The quantity is out of range.');
    expect(peopleWordsFor("body must have required property 'address'")).toBe('Something in the form is missing: please fill in every required field.');
    expect(peopleWordsFor('querystring/zzz must be string')).toBe('Something in the form was not accepted: please check what you entered.');
  });

  it('leaves the messages the server wrote for people as they are, and other statuses alone', () => {
    expect(peopleWordsFor('Please tell us why you cancel the order')).toBe('Please tell us why you cancel the order');
    expect(messageFromBody({ message: 'body/client_note must NOT have more than 2000 characters' }, 400)).toBe('The note is too long: at most 2,000 characters.');
    expect(messageFromBody({ message: 'That time was just taken' }, 409)).toBe('That time was just taken');
  });

  it('offers Try again only when sending the same again can help', () => {
    for (const status of [400, 401, 404, 409, 422]) expect(isRetryable({ status })).toBe(false);
    for (const status of [500, 502, 503, 429]) expect(isRetryable({ status })).toBe(true);
    expect(isRetryable({ status: null })).toBe(true);
    expect(isRetryable(new Error('Network Error'))).toBe(true);
  });

  it('checks the contract’s lengths before sending, in words', () => {
    expect(checkoutLimits).toEqual({ address: 200, city: 100, phone: 20, note: 2000 });
    const errors = validateCheckout({ ...emptyCheckoutForm, note: 'x'.repeat(3400) }, new Date());
    expect(errors.note).toBe('Note is too long: 3,400 characters, at most 2,000 !');
    expect(validateCheckout({ ...emptyCheckoutForm, note: 'x'.repeat(2000) }, new Date()).note).toBeUndefined();
  });
});
