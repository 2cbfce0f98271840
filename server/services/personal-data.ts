import { textsRepository } from '../repositories/texts';
import type { PersonalData } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { contactMessagesRepository } from '../repositories/contact-messages';
import { customerNotesRepository } from '../repositories/customer-notes';
import { customerRepository, type CustomerRow } from '../repositories/customers';
import { orderRepository } from '../repositories/orders';
import { personalDataRepository } from '../repositories/personal-data';
import { iso, isoOrNull } from './orders-views';
import { jobPhotosRepository } from '../repositories/job-photos';
import { photoView } from './job-photos';
import { toPounds } from '../../domain/money/money';


/** The name an anonymised account keeps: its id, so the accounts can still tell customers apart. */
export const deletedUserName = (id: number) => `Deleted user #${id}`;

/**
 * Everything held about one customer (UK GDPR access and portability): the account, every placed
 * order with its address and items, the contact messages sent from the account's email with their
 * replies, and — for the administrator's export only — the staff notes.
 */
export async function personalData(db: Database, customer: CustomerRow, options: { notes: boolean; now: Date }): Promise<PersonalData> {
  const orders = await customerRepository(db).orders(customer.id);
  const items = orderRepository(db);
  const messagesRepo = contactMessagesRepository(db);
  const messages = customer.email ? await messagesRepo.fromEmail(customer.email) : [];
  const replies = await messagesRepo.replies(messages.map((message) => message.id));
  // One order at a time: db may be a transaction's single client, and pg deprecates overlapping queries on it.
  const orderItems: Awaited<ReturnType<typeof items.items>>[] = [];
  for (const order of orders) orderItems.push(await items.items(order.id));
  const photos = await jobPhotosRepository(db).describe(orders.map((order) => order.id));
  const data: PersonalData = {
    exported: iso(options.now),
    account: { id: customer.id, name: customer.name, email: customer.email, created: iso(customer.created_at) },
    orders: orders.map((order, index) => ({
        id: order.id,
        service: order.service_name,
        status: order.status,
        total: toPounds(order.total),
        created: iso(order.created_at),
        due: isoOrNull(order.due_at),
        payment_method: order.payment_method,
        address: order.address,
        city: order.city,
        codePostal: order.code_postal,
        phone: order.phone,
        note: order.client_note,
        accessNotes: order.access_notes,
        items: orderItems[index]!.map(({ name, quantity, unit_price, total_price }) => ({ name, quantity, unit_price: toPounds(unit_price), total_price: toPounds(total_price) })),
        photo: photoView(photos.get(order.id)),
      })),
    messages: messages.map((message) => ({
      id: message.id,
      name: message.name,
      message: message.message,
      created: iso(message.created_at),
      replies: replies
        .filter((reply) => reply.message_id === message.id)
        .map((reply) => ({ body: reply.body, author: reply.author, sent: iso(reply.sent_at) })),
    })),
  };
  if (options.notes) {
    const notes = await customerNotesRepository(db).forCustomer(customer.id);
    data.notes = notes.map((note) => ({ id: note.id, body: note.body, author: note.author, created: iso(note.created_at) }));
  }
  return data;
}

/**
 * Erases a customer but keeps the accounts (docs/decisions/016): the name becomes "Deleted user #N";
 * the email (so no sign-in and no password reset), the password, every session, the phones,
 * addresses, postcodes (the one a quote was priced for too), notes and check-out photos of their orders, the staff
 * notes and the contact messages are removed; the orders keep their service, items, status, dates
 * and totals, so revenue and refunds add up as before. Runs in the caller's transaction; the user
 * row is locked so two requests cannot interleave.
 * Anonymising an anonymised account changes nothing. Answers the address erased (null when none
 * was): eraseCustomer forgets the mails sent to it.
 */
export async function anonymiseCustomer(tx: Database, userId: number, now: Date): Promise<string | null> {
  const erasure = personalDataRepository(tx);
  const user = await erasure.lockAccount(userId);
  if (!user || user.anonymised_at) return null;
  const name = deletedUserName(userId);
  await erasure.eraseAccountAndOrders(userId, name, now);
  // The check-out photos show the inside of the customer's home (decision 061).
  await jobPhotosRepository(tx).deleteForCustomer(userId);
  // Texts (decision 094): the consent, its history and the number in the orders' histories.
  await textsRepository(tx).forgetPerson(userId);
  await erasure.eraseLinksAndMessages(userId, user.email);
  return user.email;
}

/** What erasure asks of the mail: the person's mail jobs and the copies this server keeps. */
export type MailForgetting = Pick<MailOutbox, 'forget' | 'forgetDelivered'>;

/**
 * The erasure of an account (anonymiseCustomer) with its mail (issue 24, rows 2 and 9; decision
 * 028): in the same transaction every mail job to the account's address is deleted, whatever its
 * state — none waiting is sent, and no payload keeps a name, address, phone or note — and after the
 * commit the outbox's files to it are removed. Changes that lock the account first (account-lock.ts)
 * either finished before (their mail is among those deleted) or see the account erased and write
 * nothing; a mail being sent at that moment removes its own file (jobs/mail-delivery.ts).
 */
export async function eraseCustomer(db: Database, mail: MailForgetting | undefined, userId: number, now: Date): Promise<void> {
  const email = await db.transaction(async (tx) => {
    const erased = await anonymiseCustomer(tx, userId, now);
    if (erased) await mail?.forget?.(tx, erased);
    return erased;
  });
  if (email) await mail?.forgetDelivered?.(email);
}
