import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { MailOutbox } from '../../server/queue';
import type { Mail } from '../../server/queue/mail';
import { addressPrice } from '../../server/services/checkout-price';
import { createOrder } from '../../server/services/orders';
import { listPricingAudit } from '../../server/services/pricing-settings';
import { createQuote } from '../../server/services/quotes';
import { addServiceDistrict, joinAreaWaitlist, listServiceDistricts, removeServiceDistrict, WAITLIST_JOINED } from '../../server/services/service-area-settings';
import type { TestDatabase } from '../api/support/test-database';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Where the company works (issue 26 §4, decision 041; issue 36 row 4) through the services, on a
 * real seeded database: the districts served as staff edit them (in order, audited only when they
 * change), a quote refused outside them, the addresses waiting for a district (mailed once, only
 * that district's, when it is added), and the price at a postcode as it is typed (served or not, the
 * Congestion Charge of the zone at today's figure, only the customer's own order).
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let jane: AuthUser;
let serviceId: number;
let item: (name: string, quantity: number) => { id: number; quantity: number };
const mails: Mail[] = [];
const outbox: MailOutbox = { add: async (_tx, mail) => void mails.push(mail), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, item } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const lastAudit = async (count: number) =>
  (await listPricingAudit(db, { limit: count, page: 1 })).rows.map(({ actor, rule, subject, from, to }) => [actor, rule, subject, from, to]);
const auditCount = async () => (await listPricingAudit(db, { limit: 1, page: 1 })).total;
const waiting = () =>
  db.query<{ email: string; district: string; created_at: Date; notified_at: Date | null }>('SELECT email, district, created_at, notified_at FROM service_area_waitlist ORDER BY id');
const quoteAt = (postcode: string) => createQuote(db, { service: serviceId, items: [item('Bedroom', 2)], frequency: 'one_off', postcode }, NOW);

describe('the districts served', () => {
  it('are listed in order; a district is added in capitals and removed, each change audited once, the rest untouched', async () => {
    const before = await listServiceDistricts(db);
    expect(before).toHaveLength(180);
    expect(before).toEqual([...before].sort());
    expect(before.slice(0, 3)).toEqual(['E1', 'E10', 'E11']);
    expect(before).toContain('SE22');
    expect(before).not.toContain('M1');
    const audits = await auditCount();

    const added = await addServiceDistrict(db, outbox, admin, ' m1 ', NOW);
    expect(added).toEqual([...before, 'M1'].sort());
    expect(await lastAudit(1)).toEqual([[admin.name, 'service_district', 'M1', 'Not served', 'Served']]);
    // Adding it again changes nothing and audits nothing.
    expect(await addServiceDistrict(db, outbox, admin, 'M1', NOW)).toEqual(added);
    expect(await auditCount()).toBe(audits + 1);

    expect(await removeServiceDistrict(db, admin, 'm1', NOW)).toEqual(before);
    expect(await lastAudit(1)).toEqual([[admin.name, 'service_district', 'M1', 'Served', 'Not served']]);
    expect(await removeServiceDistrict(db, admin, 'M1', NOW)).toEqual(before);
    expect(await auditCount()).toBe(audits + 2);
    expect(await listServiceDistricts(db)).toEqual(before);
  });

  it('a quote outside them is refused with the district named; inside, and once added, it is priced', async () => {
    await refused(quoteAt('LS1 5HD'), 400, "We don't cover LS1 yet");
    expect((await quoteAt('SE22 8AB')).id).toEqual(expect.any(String));
    await addServiceDistrict(db, outbox, admin, 'LS1', NOW);
    expect((await quoteAt('ls1 5hd')).id).toEqual(expect.any(String));
    await removeServiceDistrict(db, admin, 'LS1', NOW);
    await refused(quoteAt('LS1 5HD'), 400, "We don't cover LS1 yet");
  });
});

describe("the addresses waiting for a district", () => {
  it('keeps one per address and district; adding the district mails only its own, once, ever', async () => {
    await db.query('DELETE FROM service_area_waitlist');
    expect(await joinAreaWaitlist(db, ' Omar@Example.com ', 'M1 3HE', NOW)).toEqual({ message: WAITLIST_JOINED });
    expect(await joinAreaWaitlist(db, 'omar@example.com', 'm1 1aa', new Date('2030-01-08T00:00:00.000Z'))).toEqual({ message: WAITLIST_JOINED });
    await joinAreaWaitlist(db, 'ruth@example.com', 'M1 7ED', NOW);
    await joinAreaWaitlist(db, 'kofi@example.com', 'LS1 5HD', NOW);
    await refused(joinAreaWaitlist(db, 'ruth@example.com', 'SE22 8AB', NOW), 400, 'We cover SE22: you can book now');
    expect(await waiting()).toEqual([
      { email: 'omar@example.com', district: 'M1', created_at: NOW, notified_at: null },
      { email: 'ruth@example.com', district: 'M1', created_at: NOW, notified_at: null },
      { email: 'kofi@example.com', district: 'LS1', created_at: NOW, notified_at: null },
    ]);

    mails.length = 0;
    const told = new Date('2030-01-09T10:00:00.000Z');
    await addServiceDistrict(db, outbox, admin, 'M1', told);
    expect(mails).toEqual([
      { to: 'omar@example.com', subject: 'Sparkle Cleaning now covers M1', text: expect.stringContaining('we do now, and you can book at http://localhost:3000/.') },
      { to: 'ruth@example.com', subject: 'Sparkle Cleaning now covers M1', text: expect.any(String) },
    ]);
    expect((await waiting()).map((row) => [row.email, row.notified_at])).toEqual([['omar@example.com', told], ['ruth@example.com', told], ['kofi@example.com', null]]);
    // Removed and added again: nobody is told twice.
    await removeServiceDistrict(db, admin, 'M1', told);
    await joinAreaWaitlist(db, 'ann@example.com', 'M1 2AB', told);
    mails.length = 0;
    await addServiceDistrict(db, outbox, admin, 'M1', new Date('2030-01-10T10:00:00.000Z'));
    expect(mails.map((mail) => mail.to)).toEqual(['ann@example.com']);
    expect((await waiting()).map((row) => row.notified_at)).toEqual([told, told, null, new Date('2030-01-10T10:00:00.000Z')]);
    await removeServiceDistrict(db, admin, 'M1', NOW);
  });
});

describe('the price at a postcode as it is typed (issue 36 row 4)', () => {
  const draft = async (quantity: number, user: AuthUser = jane) => (await createOrder(db, user, { service: serviceId, items: [item('Bedroom', quantity)] }, NOW)).id;

  it("answers that a district is not covered, or the order's own price there, with the zone's charge at today's figure", async () => {
    const [two, three] = [await draft(2), await draft(3)];
    expect(await addressPrice(db, jane.id, two, 'm1 3he')).toEqual({ postcode: 'M1 3HE', served: false, message: "We don't cover M1 yet", price: null });
    const outside = await addressPrice(db, jane.id, two, 'se22 8ab');
    expect(outside).toMatchObject({ postcode: 'SE22 8AB', served: true, message: null, price: { previousTotal: 50, total: 50 } });
    expect(outside.price!.lines.map((line) => line.kind)).not.toContain('congestion');
    // The order asked for, not another of the customer's.
    expect((await addressPrice(db, jane.id, three, 'SE22 8AB')).price).toMatchObject({ previousTotal: 75, total: 75 });

    const inside = await addressPrice(db, jane.id, two, 'WC2N 5DU');
    expect(inside.price).toMatchObject({ previousTotal: 50, total: 61.5 });
    expect(inside.price!.lines.at(-1)).toEqual({ kind: 'congestion', name: 'Congestion Charge', amount: 11.5 });
    // Today's charge, as the checkout would add it.
    await db.query('UPDATE pricing_settings SET congestion_charge = 1500');
    expect((await addressPrice(db, jane.id, two, 'WC2N 5DU')).price).toMatchObject({ previousTotal: 50, total: 65 });
    await db.query('UPDATE pricing_settings SET congestion_charge = 1150');
    // Nothing was stored.
    expect((await addressPrice(db, jane.id, two, 'SE22 8AB')).price!.total).toBe(50);
  });

  it('charges an order without lines at today’s VAT rate; answers only the customer’s own order', async () => {
    const order = await draft(2);
    const [john] = await db.query<AuthUser>(
      `INSERT INTO users (name, email, password_hash, roles) VALUES ('John Area', 'john@area.test', 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`,
    );
    await refused(addressPrice(db, john!.id, order, 'SE22 8AB'), 404, 'Order not found');
    await refused(addressPrice(db, jane.id, 999_999, 'SE22 8AB'), 404, 'Order not found');
    // Without lines of its own, the charge takes today's VAT rate.
    await db.query('DELETE FROM order_ledger WHERE order_id = $1', [order]);
    const vatAt = async (percent: number) => {
      await db.query('UPDATE pricing_settings SET vat_percent = $1', [percent]);
      return (await addressPrice(db, jane.id, order, 'WC2N 5DU')).price;
    };
    expect(await vatAt(5)).toMatchObject({ previousTotal: 0, total: 11.5, vat: 0.55 });
    expect(await vatAt(20)).toMatchObject({ previousTotal: 0, total: 11.5, vat: 1.92 });
  });
});
