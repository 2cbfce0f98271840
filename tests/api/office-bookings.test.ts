import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OfficeBooking, OfficeBookingRequest, OrderDetail, Quote } from '../../openapi/schema';
import { londonDate } from '../../domain/time/london-time';
import { catalogue, createClock, firstFreeStart, londonDue, myOrder, payOnTestPage, pence, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Office bookings (issue 26 item 1, decision 047) over real HTTP, on PGlite and on PostgreSQL with
 * DATABASE_URL: staff book a phone caller, new or existing; the order is the customer's own
 * checkout (capacity, ledger, confirmation mail), a new customer is mailed a link to choose a
 * password, Pay now is mailed and pays; refusals (area, time taken, address taken) leave nothing.
 */
const clock = createClock('2027-05-03T09:00:00Z');
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;
let day = 0;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Caller' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

/** A free start a few days on, each booking on its own day so none takes another's time. */
async function freeTime(): Promise<Pick<OfficeBookingRequest, 'due_date' | 'due_time'>> {
  day += 1;
  return londonDue(await firstFreeStart(server, house.serviceId, undefined, new Date(clock.now().getTime() + (2 + day * 2) * 86_400_000)));
}

async function booking(customer: OfficeBookingRequest['customer'], payment: OfficeBookingRequest['payment'], extra: Partial<OfficeBookingRequest> = {}): Promise<OfficeBookingRequest> {
  return {
    customer, service: house.serviceId, items: [{ id: house.items[0]!.id, quantity: 2 }, { id: house.items[1]!.id, quantity: 1 }], frequency: 'one_off',
    ...(await freeTime()), address: '12 Baker Street', phone: '020 7946 0001', city: 'London', code_postal: 'NW1 6XE', client_note: 'Booked by phone', payment, ...extra,
  };
}

const book = (body: OfficeBookingRequest, token = admin, key?: string) => send(server, 'POST', '/admin/office-bookings', { token, body, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
const detail = async (id: number) => (await send(server, 'GET', `/admin/order/${id}`, { token: admin })).body as OrderDetail;

describe('staff book a phone caller', () => {
  it('a new customer gets the booking, a link to choose a password and Pay now, and can pay', async () => {
    const email = 'peter.caller@example.co.uk';
    const made = await book(await booking({ name: 'Peter Caller', email }, 'pay_link'));
    expect(made.status).toBe(201);
    const placed = made.body as OfficeBooking;
    expect(placed).toMatchObject({ invited: true, payment: 'pay_link' });

    const order = await detail(placed.order);
    expect(order.total).toBe(placed.total);
    expect(order.payment_method).toBe('card');
    expect(order.history.find((entry) => entry.action === 'order.office_booking')).toMatchObject({ actor: expect.stringMatching(/admin/i) });

    const mails = (await server.outbox()).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toEqual(expect.arrayContaining([
      'Your Sparkle Cleaning account', expect.stringMatching(/^Payment pending: /), `Pay now: order #${placed.reference}, ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(placed.total)}`,
    ]));
    const link = mails.find((mail) => mail.subject === 'Your Sparkle Cleaning account')!.links.find((href) => href.includes('/reset-password/'))!;
    const token = link.split('/reset-password/')[1]!;
    expect((await send(server, 'PUT', `/auth/reset-password/${token}`, { body: { token, password: 'caller-password-1' } })).status).toBe(200);
    const peter = await server.login(email, 'caller-password-1');

    const mine = await myOrder(server, peter, placed.order);
    expect(mine.total).toBe(placed.total);
    const pay = await send(server, 'POST', `/services/order/${placed.order}/pay`, { token: peter });
    expect(pay.status).toBe(200);
    await payOnTestPage(server, (pay.body as { shippingInfo: string }).shippingInfo);
    expect((await detail(placed.order)).payment).toMatchObject({ balanceDue: 0 });
  });

  it('an existing customer found by the office is booked for cash, with no new account', async () => {
    const made = await book(await booking({ id: jane.id }, 'cash'));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ customer: jane.id, invited: false, payment: 'cash' });
    const mail = await server.latestMail(jane.email);
    expect(mail?.subject).toMatch(/^Booking confirmed: /);
    expect((await myOrder(server, jane.token, (made.body as OfficeBooking).order)).total).toBe((made.body as OfficeBooking).total);
  });

  it('extras are priced by the quote rules, written to the ledger and named in the confirmation mail', async () => {
    const { data: options } = await server.api.GET('/quotes/options/{id}', { params: { path: { id: house.serviceId } } });
    const [flat, room] = [options!.extras.find((extra) => extra.kind === 'extra')!, options!.extras.find((extra) => extra.kind === 'option')!];
    const plain = await book(await booking({ id: jane.id }, 'cash'));
    const withExtras = await book(await booking({ id: jane.id }, 'cash', { extras: [{ id: flat.id, quantity: 1 }, { id: room.id, quantity: 2 }] }));
    expect(withExtras.status).toBe(201);
    const placed = withExtras.body as OfficeBooking;
    // The same job with extras costs their prices more, discounts and VAT as the quote rules say.
    expect(pence(placed.total) - pence((plain.body as OfficeBooking).total)).toBe(pence(flat.price) + 2 * pence(room.price));
    const order = await detail(placed.order);
    expect(order.lines).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'extra', name: flat.name, quantity: 1, amount: flat.price }),
      expect.objectContaining({ kind: 'option', name: room.name, quantity: 2, amount: 2 * room.price }),
    ]));
    expect(order.lines.reduce((sum, line) => sum + pence(line.amount), 0)).toBe(pence(placed.total));
    const mail = await server.latestMail(jane.email);
    expect(mail?.subject).toMatch(/^Booking confirmed: /);
    expect(mail?.text).toContain(flat.name);
    expect(mail?.text).toContain(room.name);
  });

  it('refuses a postcode outside the districts served, and keeps no account', async () => {
    const email = 'far.away@example.co.uk';
    const refused = await book(await booking({ name: 'Far Away', email }, 'cash', { code_postal: 'M1 1AE' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringContaining("We don't cover M1") });
    expect((await book(await booking({ name: 'Far Away', email }, 'cash'))).status).toBe(201);
  });

  it('refuses a time just taken with 409 and undoes the new account', async () => {
    const first = await booking({ id: jane.id }, 'cash');
    // Every team of the day is booked at that time, then the office tries it for a new caller.
    let taken: { status: number } = { status: 201 };
    while (taken.status === 201) taken = await book({ ...first, customer: { id: jane.id } });
    expect(taken.status).toBe(409);
    const late = await book({ ...first, customer: { name: 'Late Caller', email: 'late.caller@example.co.uk' } });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: expect.any(String) });
    expect((await book(await booking({ name: 'Late Caller', email: 'late.caller@example.co.uk' }, 'cash'))).status).toBe(201);
  });

  it('refuses an address already used by an account as a new customer (409)', async () => {
    const taken = await book(await booking({ name: 'Jane Again', email: jane.email.toUpperCase() }, 'cash'));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'An account with this email already exists: search for the customer instead' });
  });

  it('refuses customers (403) and an unknown customer (404)', async () => {
    expect((await book(await booking({ id: jane.id }, 'cash'), jane.token)).status).toBe(403);
    expect((await book(await booking({ id: 999_999 }, 'cash'))).status).toBe(404);
  });
});

describe('an Idempotency-Key on an office booking (decision 062)', () => {
  const ordersOf = async (email: string) => (await server.db.query<{ id: number }>(
    'SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE lower(u.email) = lower($1)', [email],
  )).map((row) => Number(row.id));

  it('a retry for a new caller answers the booking made (201, same order), not 409 for the now-taken email', async () => {
    const email = 'retry.caller@example.co.uk';
    const body = await booking({ name: 'Retry Caller', email }, 'pay_link');
    const first = await book(body, admin, 'office-retry-0001');
    expect(first.status).toBe(201);
    // The same body again (fields in another order): the line dropped and the office pressed Try again.
    const again = await book(Object.fromEntries(Object.entries(body).reverse()) as OfficeBookingRequest, admin, 'office-retry-0001');
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(await ordersOf(email)).toEqual([(first.body as OfficeBooking).order]);
    const mails = (await server.outbox()).filter((mail) => mail.to === email);
    expect(mails.filter((mail) => mail.subject === 'Your Sparkle Cleaning account')).toHaveLength(1);
    expect(mails.filter((mail) => mail.subject.startsWith('Pay now'))).toHaveLength(1);
    // Without the key the same body is a new booking, refused for the email now taken.
    expect((await book(body)).status).toBe(409);
  });

  it('the same key with another body answers 422 in words, and books nothing', async () => {
    const body = await booking({ name: 'Key Reuser', email: 'key.reuser@example.co.uk' }, 'cash');
    expect((await book(body, admin, 'office-reused-0001')).status).toBe(201);
    const other = await book({ ...body, customer: { name: 'Someone Else', email: 'someone.else@example.co.uk' } }, admin, 'office-reused-0001');
    expect(other).toMatchObject({ status: 422, body: { message: 'This Idempotency-Key was used for another request' } });
    expect(await ordersOf('someone.else@example.co.uk')).toEqual([]);
  });

  it('a refused booking frees its key: the retry after the refusal is tried afresh', async () => {
    const email = 'freed.key@example.co.uk';
    const far = await booking({ name: 'Freed Key', email }, 'cash', { code_postal: 'M1 1AE' });
    expect((await book(far, admin, 'office-freed-0001')).status).toBe(400);
    expect((await book({ ...far, code_postal: 'NW1 6XE' }, admin, 'office-freed-0001')).status).toBe(201);
  });

  it('two requests with one key at once make one booking: the other answers it or says it is being made', async () => {
    const email = 'twice.at.once@example.co.uk';
    const body = await booking({ name: 'Twice At Once', email }, 'cash');
    const answers = await Promise.all([book(body, admin, 'office-twice-0001'), book(body, admin, 'office-twice-0001')]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect([[201, 201], [201, 409]]).toContainEqual(statuses);
    const made = answers.find((answer) => answer.status === 201)!.body as OfficeBooking;
    for (const answer of answers) {
      expect(answer.body).toEqual(answer.status === 201 ? made : { message: 'This booking is still being made: wait for its answer' });
    }
    expect(await ordersOf(email)).toEqual([made.order]);
    expect((await book(body, admin, 'office-twice-0001'))).toMatchObject({ status: 201, body: made });
  });
});

describe('the office is offered only times the job fits (issue 36 row 1)', () => {
  it('across item quantities and postcodes, the last time offered for the quote\'s length at the postcode books (property-based)', async () => {
    const served = ['NW1 6XE', 'SW1A 2AA', 'SE22 8AB'];
    let offset = 40;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 3, maxLength: 3 }).filter((quantities) => quantities.some((n) => n > 0)),
        fc.constantFrom(...served),
        async (quantities, postcode) => {
          const items = quantities.flatMap((quantity, i) => (quantity > 0 ? [{ id: house.items[i]!.id, quantity }] : []));
          const quote = await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'one_off', extras: [], postcode } });
          expect(quote.status).toBe(201);
          const minutes = (quote.body as Quote).minutes;
          // A day of its own, far from the other tests', so only the opening hours and the job's length decide.
          offset += 1;
          const from = londonDate(new Date(clock.now().getTime() + offset * 86_400_000));
          const { data } = await server.api.GET('/availability', { params: { query: { service: house.serviceId, from, days: 7, duration: minutes, postcode } } });
          expect(data!.duration_minutes).toBe(minutes);
          const day = data!.days.find((one) => one.times.some((time) => time.free > 0))!;
          const last = day.times.filter((time) => time.free > 0).at(-1)!;
          const made = await book({
            customer: { id: jane.id }, service: house.serviceId, items, frequency: 'one_off', due_date: day.date, due_time: last.time,
            address: '12 Baker Street', phone: '020 7946 0001', city: 'London', code_postal: postcode, client_note: '', payment: 'cash',
          });
          expect(made.status, `${minutes} minutes at ${day.date} ${last.time}, ${postcode}: ${JSON.stringify(made.body)}`).toBe(201);
          // The job booked is as long as the quote said: the times were asked for the length it has.
          const [job] = await server.db.query<{ duration_minutes: number }>('SELECT duration_minutes FROM orders WHERE id = $1', [(made.body as OfficeBooking).order]);
          expect(job!.duration_minutes).toBe(minutes);
        },
      ),
      { numRuns: 8 },
    );
  });
});
