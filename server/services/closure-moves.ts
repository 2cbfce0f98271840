import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ClosureVisit } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { conflict } from '../lib/http-error';
import { closureMovesRepository, type VisitOnDay } from '../repositories/closure-moves';
import { ledgerRepository } from '../repositories/ledger';
import { ledgerTotals } from '../../domain/money/ledger';
import { toPounds } from '../../domain/money/money';
import type { Mail } from '../queue/mail';
import { closureMoveMail } from '../mails/closure-mails';

/**
 * Visits on a day the company closes are set aside, not cancelled (decision 048): each keeps its
 * money and its place in the order's history, and its customer is mailed a link to choose another
 * time free of charge. The link names the order and is signed (HMAC with the server's secret) over
 * the order and the set-aside's version, so it cannot be made up, and only the newest one works;
 * the reschedule that uses it marks it used in its own transaction (single use).
 */
export const MOVE_LINK_USED = 'This link to choose a new time was used already or is no longer valid: see My orders';

function signature(secret: string, orderId: number, version: number): string {
  return createHmac('sha256', secret).update(`closure-move:${orderId}:${version}`).digest('base64url');
}

export function moveToken(secret: string, orderId: number, version: number): string {
  return `${orderId}.${signature(secret, orderId, version)}`;
}

/**
 * The visits as the close dialog lists them, each with its total from its ledger (decision 036);
 * `movedTo` (a team's time off): order id → the team it moves to, or null when set aside.
 */
export async function listedVisits(db: Database, visits: VisitOnDay[], movedTo?: Map<number, string | null>): Promise<ClosureVisit[]> {
  const ledgers = await ledgerRepository(db).forOrders(visits.map((visit) => visit.orderId));
  return visits.map((visit) => ({
    order_id: visit.orderId,
    due: visit.dueAt.toISOString(),
    customer: visit.customer,
    service: visit.service,
    team: visit.team,
    total: toPounds(ledgerTotals(ledgers.get(visit.orderId) ?? []).total),
    ...(movedTo ? { moved_to: movedTo.get(visit.orderId) ?? null } : {}),
  }));
}

/** The visits booked on `day`, as the close dialog lists them before the day is closed. */
export async function visitsOnDay(db: Database, day: string): Promise<ClosureVisit[]> {
  return listedVisits(db, await closureMovesRepository(db).visitsOn(day));
}

/**
 * Within the transaction that makes the visit impossible (a closure, a team's time off): sets the
 * visit aside and writes its customer's mail (`mailOf` the signed link) to the outbox, so the mail
 * goes if and only if that change committed.
 */
export async function setAsideVisit(
  tx: Database,
  deps: { outbox: MailOutbox; secret: string; now: Date },
  visit: VisitOnDay,
  day: string,
  mailOf: (token: string) => Mail,
): Promise<void> {
  const version = await closureMovesRepository(tx).setAside(visit.orderId, day, deps.now);
  // An erased customer has no address: the visit is set aside, and staff see it still to move.
  if (visit.email) await deps.outbox.add(tx, mailOf(moveToken(deps.secret, visit.orderId, version)));
}

/**
 * Within the closure's transaction (which holds the day's lock): sets aside every visit booked on
 * `day` and writes each customer's mail to the outbox, so the mails go if and only if the day closed.
 */
export async function setAsideVisits(
  tx: Database,
  deps: { outbox: MailOutbox; secret: string; now: Date },
  day: string,
  reason: string,
): Promise<ClosureVisit[]> {
  const visits = await closureMovesRepository(tx).visitsOn(day);
  for (const visit of visits) await setAsideVisit(tx, deps, visit, day, (token) => closureMoveMail(visit, day, reason, token, deps.outbox.site));
  return listedVisits(tx, visits);
}

/**
 * Within a reschedule's transaction: true when `token` is the order's open link (the move is then
 * free and the link is spent); a wrong, old or spent link is 409 with MOVE_LINK_USED.
 */
export async function spendMoveLink(tx: Database, deps: { secret: string; now: Date }, orderId: number, token: string): Promise<true> {
  // Without the server's secret nothing is signed, so nothing can match.
  if (!deps.secret) throw conflict(MOVE_LINK_USED);
  const moves = closureMovesRepository(tx);
  const version = await moves.openVersion(orderId);
  const [id, given = ''] = token.split('.');
  const expected = version === null ? '' : signature(deps.secret, orderId, version);
  const matches = Number(id) === orderId && given.length === expected.length && expected.length > 0 && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!matches) throw conflict(MOVE_LINK_USED);
  await moves.markUsed(orderId, deps.now);
  return true;
}
