import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { badRequest } from '../lib/http-error';
import { serviceDistrictsRepository } from '../repositories/service-districts';
import { audited } from './settings-audit';
import { serviceDistrict } from './service-area';
import { districtCoveredMail } from '../mails/contact-mails';

/**
 * The postcode districts served, edited on /settings/pricing (issue 26 §4, decision 041), audited
 * like the Congestion Charge's districts; and the addresses waiting for a district, mailed once
 * (in the transaction that adds it, through the outbox) when staff add it.
 */
export const WAITLIST_JOINED = "Thank you: we will email you once when we cover your area.";
const SERVED = 'Served';
const NOT_SERVED = 'Not served';

/** WC2N of "wc2n": districts are kept in capitals, as postcodes are compared. */
const districtOf = (text: string) => text.trim().toUpperCase();

export function addServiceDistrict(db: Database, outbox: MailOutbox, admin: AuthUser, text: string, now: Date): Promise<string[]> {
  const district = districtOf(text);
  return audited(db, admin, now, async (tx) => {
    const districts = serviceDistrictsRepository(tx);
    const added = await districts.add(district);
    if (added) {
      for (const email of await districts.takeWaiting(district, now)) {
        await outbox.add(tx, {
          to: email,
          ...districtCoveredMail(district, outbox.site.publicUrl),
        });
      }
    }
    return { result: await districts.list(), change: added ? { rule: 'service_district', subject: district, from: NOT_SERVED, to: SERVED } : null };
  });
}

export function removeServiceDistrict(db: Database, admin: AuthUser, text: string, now: Date): Promise<string[]> {
  const district = districtOf(text);
  return audited(db, admin, now, async (tx) => {
    const districts = serviceDistrictsRepository(tx);
    const removed = await districts.remove(district);
    return { result: await districts.list(), change: removed ? { rule: 'service_district', subject: district, from: SERVED, to: NOT_SERVED } : null };
  });
}

/** Someone outside the districts served leaves an address for their district (refused where it is served). */
export async function joinAreaWaitlist(db: Database, email: string, postcode: string, now: Date): Promise<{ message: string }> {
  const district = serviceDistrict(postcode);
  const districts = serviceDistrictsRepository(db);
  if (await districts.serves(district)) throw badRequest(`We cover ${district}: you can book now`);
  await districts.wait(email.trim().toLowerCase(), district, now);
  return { message: WAITLIST_JOINED };
}

/** The districts served, as the public and /settings/pricing list them. */
export const listServiceDistricts = (db: Database): Promise<string[]> => serviceDistrictsRepository(db).list();
