import type { CustomerAddress, CustomerNote, CustomerRecord, CustomerSummary, PersonalData } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { customerNotesRepository, type CustomerNoteRow } from '../repositories/customer-notes';
import { customerRepository, type CustomerRow, type CustomerSort } from '../repositories/customers';
import { REVENUE_STATUSES } from '../../domain/orders/order-statuses';
import type { Page, PageRequest } from '../repositories/paging';
import { toPounds } from '../../domain/money/money';
import { iso, isoOrNull } from './orders-views';
import { eraseCustomer, personalData, type MailForgetting } from './personal-data';


export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const ANONYMISED_NO_NOTES = 'This customer was anonymised: no notes can be added';
export const EMPTY_NOTE = 'Write a note first';

export const noteView = (note: CustomerNoteRow): CustomerNote => ({ id: note.id, body: note.body, author: note.author, created: iso(note.created_at) });

const summaryView = (row: CustomerRow): CustomerSummary => ({
  id: row.id,
  name: row.name,
  email: row.email,
  created: iso(row.created_at),
  anonymised: row.anonymised_at !== null,
});

export async function listCustomers(
  db: Database,
  query: { sort?: CustomerSort; order?: 'asc' | 'desc'; q?: string },
  page: PageRequest,
  searchCountCap?: number,
): Promise<Page<CustomerSummary>> {
  const found = await customerRepository(db).page(query, page, searchCountCap);
  return { total: found.total, totalIsLowerBound: found.totalIsLowerBound, rows: found.rows.map(summaryView) };
}

async function findCustomer(db: Database, id: number): Promise<CustomerRow> {
  const customer = await customerRepository(db).find(id);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return customer;
}

/** The customer record of the back office: contact, addresses, orders, lifetime value, notes. */
export async function getCustomerRecord(db: Database, id: number): Promise<CustomerRecord> {
  const customer = await findCustomer(db, id);
  const orders = await customerRepository(db).orders(id);
  const notes = await customerNotesRepository(db).forCustomer(id);
  // Orders come newest first, so the first time an address or phone is met is its latest use.
  const addresses = new Map<string, CustomerAddress>();
  const phones = new Set<string>();
  let lifetimePence = 0;
  for (const order of orders) {
    if (order.phone) phones.add(order.phone);
    if (order.address && order.city && order.code_postal) {
      const key = [order.address, order.city, order.code_postal].map((part) => part.trim().toLowerCase()).join('|');
      if (!addresses.has(key)) {
        addresses.set(key, { address: order.address, city: order.city, codePostal: order.code_postal, lastUsed: iso(order.due_at ?? order.created_at) });
      }
    }
    if (REVENUE_STATUSES.includes(order.status)) lifetimePence += order.total;
  }
  return {
    ...summaryView(customer),
    phones: [...phones],
    addresses: [...addresses.values()],
    orders: orders.map((order) => ({
      id: order.id,
      reference: order.reference,
      service: order.service_name,
      status: order.status,
      total: toPounds(order.total),
      created: iso(order.created_at),
      due: isoOrNull(order.due_at),
    })),
    lifetimeValue: toPounds(lifetimePence),
    notes: notes.map(noteView),
  };
}

export async function addCustomerNote(db: Database, author: AuthUser, id: number, body: string, now: Date): Promise<CustomerNote> {
  const text = body.trim();
  if (!text) throw badRequest(EMPTY_NOTE);
  const customer = await findCustomer(db, id);
  if (customer.anonymised_at) throw conflict(ANONYMISED_NO_NOTES);
  return noteView(await customerNotesRepository(db).add({ userId: id, body: text, authorId: author.id, author: author.name, at: now }));
}

export async function exportCustomer(db: Database, id: number, now: Date): Promise<PersonalData> {
  return personalData(db, await findCustomer(db, id), { notes: true, now });
}

/** An erasure request handled by the back office; the record as it is afterwards. */
export async function anonymiseCustomerRecord(db: Database, id: number, now: Date, mail?: MailForgetting): Promise<CustomerRecord> {
  await findCustomer(db, id);
  await eraseCustomer(db, mail, id, now);
  return getCustomerRecord(db, id);
}
