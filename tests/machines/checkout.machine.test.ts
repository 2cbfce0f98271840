import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, idempotencyKeyFor, isTrustedUrl, type CheckoutCall, type CheckoutMeta } from '../../machines/checkout.machine';
import { emptyCheckoutForm, offersSavedCard, toCheckoutRequest } from '../../machines/checkout-form';
import { orderSummary } from '../support/expected/booking';
import { checkoutInputs, checkoutWithoutServer, expectedCheckout, expectedCheckoutWithoutOrder, trustedOrigin, validCheckoutValues } from '../support/expected/checkout';
import { describeExpectedWalks } from '../support/describe-expected-walks';

const machine = checkoutWithoutServer;
const withOrder = { order: orderSummary, trustedOrigins: [trustedOrigin] };

// The screen of each state, written here rather than read from the machine's meta.
const views: Record<string, CheckoutMeta['view']> = {
  editing: 'form', submitting: 'form', submitFailed: 'form', paymentBlocked: 'form', priceChanged: 'form', noOrder: 'noOrder', paid: 'success', redirecting: 'payment',
};
const checkView = { meta: (meta: CheckoutMeta, state: string) => expect(meta.view, state).toBe(views[state]) };
describeExpectedWalks(expectedCheckout, { ...checkView, coverageInputs: checkoutInputs });
describeExpectedWalks(expectedCheckoutWithoutOrder, { ...checkView, coverageInputs: [] });

describe('checkout machine behaviour', () => {
  it('shows nothing to pay when /placeorder has no stored order', () => {
    const actor = createActor(machine, { input: { order: null, trustedOrigins: [] } }).start();
    expect(actor.getSnapshot().value).toBe('noOrder');
  });

  it('shows the field errors on submit, keeps them current while typing, and stays on the form', () => {
    const actor = createActor(machine, { input: withOrder }).start();
    actor.send({ type: 'form.change', values: { address: '1 High Street' } });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'order.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.city).toBe('City is required !');
    actor.send({ type: 'form.change', values: { city: 'Leeds' } });
    expect(actor.getSnapshot().context.errors.city).toBeUndefined();
    expect(actor.getSnapshot().context.errors.postcode).toBe('Postcode is required !');
  });

  it('sends one Idempotency-Key per attempt and the same one on retry', async () => {
    const calls: CheckoutCall[] = [];
    let fail = true;
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          checkout: fromPromise(async ({ input }) => {
            calls.push(input);
            if (fail) throw new Error('Network Error');
            return { message: 'Payment was successfully !', payment: 'cash' as const, reference: 3 };
          }),
        },
      }),
      { input: withOrder },
    ).start();
    actor.send({ type: 'form.change', values: validCheckoutValues });
    actor.send({ type: 'order.submit' });
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(actor.getSnapshot().value).toBe('submitFailed');
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    expect(actor.getSnapshot().context.form.address).toBe('10 Downing Street');
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(actor.getSnapshot().value).toBe('paid');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
    expect(calls[0]?.idempotencyKey).toMatch(/^co-[0-9a-f]{28}$/);
    expect(calls[0]?.body).toEqual(toCheckoutRequest(12, { ...validCheckoutValues, note: '', payment: 'cash', saveCard: false }));
  });

  it('pays the total the page showed for the postcode typed, and no shown total of another postcode (issue 36 row 4)', async () => {
    const calls: CheckoutCall[] = [];
    const actor = createActor(
      checkoutMachine.provide({ actors: { checkout: fromPromise(async ({ input }) => { calls.push(input); throw new Error('Network Error'); }) } }),
      { input: withOrder },
    ).start();
    actor.send({ type: 'form.change', values: validCheckoutValues });
    actor.send({ type: 'order.submit', shown: { postcode: 'sw1a2aa', total: 94 } });
    await waitFor(actor, (s) => s.matches('submitFailed'));
    actor.send({ type: 'form.change', values: { postcode: 'SE22 8AB' } });
    // A total still shown for the postcode before the edit is not the address's: the checkout prices it.
    actor.send({ type: 'order.submit', shown: { postcode: 'SW1A 2AA', total: 94 } });
    await waitFor(actor, (s) => s.matches('submitFailed'));
    expect(calls.map(({ body }) => [body.code_postal, body.confirmed_total])).toEqual([['SW1A 2AA', 94], ['SE22 8AB', undefined]]);
  });

  it('gives a changed form a new key', () => {
    const a = toCheckoutRequest(12, { ...validCheckoutValues, note: '', payment: 'cash', saveCard: false });
    expect(idempotencyKeyFor(a)).toBe(idempotencyKeyFor({ ...a }));
    expect(idempotencyKeyFor({ ...a, payment: 'card' })).not.toBe(idempotencyKeyFor(a));
    expect(idempotencyKeyFor({ ...a, order: 13 })).not.toBe(idempotencyKeyFor(a));
  });

  it('asks for the saved-card consent only for a series by card, and sends it only when ticked with card (decision 038)', () => {
    const form = { ...validCheckoutValues, note: '', payment: 'card' as const, saveCard: false };
    expect(['one_off', 'weekly', 'fortnightly', 'monthly', undefined].map((frequency) => offersSavedCard(frequency, form))).toEqual([false, true, true, true, false]);
    expect(offersSavedCard('weekly', { payment: 'cash' })).toBe(false);
    expect(toCheckoutRequest(12, form)).not.toHaveProperty('save_card');
    expect(toCheckoutRequest(12, { ...form, saveCard: true }).save_card).toBe(true);
    expect(toCheckoutRequest(12, { ...form, payment: 'cash', saveCard: true })).not.toHaveProperty('save_card');
    expect(emptyCheckoutForm.saveCard).toBe(false);
  });

  it('starts from a kept form and keeps every change (keepForm)', () => {
    const kept: string[] = [];
    const actor = createActor(machine.provide({ actions: { keepForm: ({ context }) => kept.push(context.form.city) } }), {
      input: { ...withOrder, form: { ...validCheckoutValues, note: 'Ring twice', payment: 'card' as const, saveCard: false } },
    }).start();
    expect(actor.getSnapshot().context.form).toEqual({ ...validCheckoutValues, note: 'Ring twice', payment: 'card', saveCard: false });
    actor.send({ type: 'form.change', values: { city: 'Leeds' } });
    expect(kept).toEqual(['Leeds']);
    actor.send({ type: 'order.submit' });
    actor.send({ type: 'xstate.error.actor.checkout', error: new Error('Your session has expired') } as never);
    actor.send({ type: 'form.change', values: { city: 'York' } });
    expect(kept).toEqual(['Leeds', 'York']);
  });

  it('on cash: forgets the stored order, toasts and goes to the confirmation page; on card: sends the browser to a trusted page', () => {
    const seen: string[] = [];
    const provided = machine.provide({
      actions: {
        forgetOrder: () => seen.push('forget'),
        notifyPaid: () => seen.push('toast'),
        goToSuccess: ({ context }, params) => seen.push(`success #${params.reference} ${context.form.date} ${context.form.time}`),
        goToPayment: (_, params) => seen.push(`assign ${params.url}`),
      },
    });
    const cash = createActor(provided, { input: withOrder }).start();
    cash.send({ type: 'form.change', values: validCheckoutValues });
    cash.send({ type: 'order.submit' });
    cash.send({ type: 'xstate.done.actor.checkout', output: { message: 'ok', payment: 'cash', reference: 3 } } as never);
    expect(seen).toEqual(['forget', 'toast', `success #3 ${validCheckoutValues.date} ${validCheckoutValues.time}`]);

    seen.length = 0;
    const card = createActor(provided, { input: withOrder }).start();
    card.send({ type: 'form.change', values: { ...validCheckoutValues, payment: 'card' } });
    card.send({ type: 'order.submit' });
    const url = `${trustedOrigin}/test-payments/abc`;
    card.send({ type: 'xstate.done.actor.checkout', output: { message: 'ok', payment: 'card', shippingInfo: url } } as never);
    // Card: no toast before the payment page; /success says it once the order is paid.
    expect(seen).toEqual(['forget', `assign ${url}`]);
  });

  it('on Direct Debit: sends the browser to the mandate page when trusted, and blocks one on another origin (decision 093)', () => {
    const seen: string[] = [];
    const provided = machine.provide({ actions: { forgetOrder: () => seen.push('forget'), notifyPaid: () => seen.push('toast'), goToPayment: (_, params) => seen.push(`assign ${params.url}`) } });
    const url = `${trustedOrigin}/flow/BRF123`;
    const trusted = createActor(provided, { input: withOrder }).start();
    trusted.send({ type: 'form.change', values: { ...validCheckoutValues, payment: 'direct_debit' } });
    trusted.send({ type: 'order.submit' });
    trusted.send({ type: 'xstate.done.actor.checkout', output: { message: 'ok', payment: 'direct_debit', reference: 4, shippingInfo: url } } as never);
    expect([trusted.getSnapshot().value, seen]).toEqual(['redirecting', ['forget', `assign ${url}`]]);

    const elsewhere = createActor(provided, { input: withOrder }).start();
    elsewhere.send({ type: 'form.change', values: { ...validCheckoutValues, payment: 'direct_debit' } });
    elsewhere.send({ type: 'order.submit' });
    elsewhere.send({ type: 'xstate.done.actor.checkout', output: { message: 'ok', payment: 'direct_debit', reference: 5, shippingInfo: 'https://evil.example/flow' } } as never);
    expect(elsewhere.getSnapshot().value).toBe('paymentBlocked');
  });

  it('does not open a payment page on another origin', () => {
    const actor = createActor(machine, { input: withOrder }).start();
    actor.send({ type: 'form.change', values: { ...validCheckoutValues, payment: 'card' } });
    actor.send({ type: 'order.submit' });
    actor.send({
      type: 'xstate.done.actor.checkout',
      output: { message: 'ok', payment: 'card', shippingInfo: 'https://evil.example/pay' },
    } as never);
    expect(actor.getSnapshot().value).toBe('paymentBlocked');
    expect(isTrustedUrl('javascript:alert(1)', ['null'])).toBe(false);
    expect(isTrustedUrl(`${trustedOrigin}.evil.example/pay`, [trustedOrigin])).toBe(false);
    expect(isTrustedUrl(undefined, [trustedOrigin])).toBe(false);
    expect(isTrustedUrl(`${trustedOrigin}/test-payments/1`, [trustedOrigin])).toBe(true);
  });
});
