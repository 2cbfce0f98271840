import type { ClosureVisit } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { auditRepository } from '../repositories/audit';
import { availabilityRepository } from '../repositories/availability-repository';
import { closureMovesRepository, type VisitOnDay } from '../repositories/closure-moves';
import { scheduleRepository } from '../repositories/schedule';
import { coverVisits, withTimeOff } from '../../domain/capacity/time-off-cover';
import { londonDate } from '../../domain/time/london-time';
import { listedVisits, setAsideVisit } from './closure-moves';
import { teamOffMoveMail } from '../mails/closure-mails';
import { UNASSIGNED } from './schedule';

/**
 * A team's time off acts on its booked visits like a closure (decision 057): each goes to another
 * team free for it by the capacity rule (domain/capacity/time-off-cover.ts), or, when none is, is set
 * aside and its customer mailed the closure's single-use link to choose another time (closure-moves.ts).
 * Staff see the same plan first (`previewTimeOff`); adding the time off runs it again under the days'
 * locks, so what is done is what the capacity is then, not what it was when the list was read.
 */
interface Plan {
  visits: VisitOnDay[];
  /** Order id → the team it goes to (null: set aside), and that team's name. */
  teamOf: Map<number, number | null>;
  names: Map<number | null, string | null>;
}

async function planFor(db: Database, teamId: number, from: string, to: string, now: Date): Promise<Plan> {
  // A visit already under way or done is history: only those still to come move.
  const visits = (await closureMovesRepository(db).teamVisits(teamId, from, to)).filter((visit) => visit.dueAt > now);
  const data = withTimeOff(await availabilityRepository(db).load(from, to), teamId, from, to);
  const teamOf = coverVisits(data, visits.map((visit) => visit.orderId));
  const names = new Map<number | null, string | null>([[null, null], ...data.teams.map((team) => [team.id, team.name] as const)]);
  return { visits, teamOf, names };
}

const movedTo = (plan: Plan) => new Map(plan.visits.map((visit) => [visit.orderId, plan.names.get(plan.teamOf.get(visit.orderId) ?? null) ?? null]));

/** What giving the team that time off would do to its visits; changes nothing. */
export async function previewTimeOff(db: Database, teamId: number, from: string, to: string, now: Date): Promise<ClosureVisit[]> {
  const plan = await planFor(db, teamId, from, to, now);
  return listedVisits(db, plan.visits, movedTo(plan));
}

/** Within the time off's transaction, which holds the locks of its days: moves or sets aside each visit. */
export async function coverTimeOff(
  tx: Database,
  deps: { outbox: MailOutbox; secret: string; now: Date; admin: AuthUser },
  teamId: number,
  from: string,
  to: string,
): Promise<ClosureVisit[]> {
  const plan = await planFor(tx, teamId, from, to, deps.now);
  for (const visit of plan.visits) {
    const next = plan.teamOf.get(visit.orderId) ?? null;
    if (next === null) {
      await setAsideVisit(tx, deps, visit, londonDate(visit.dueAt), (token) => teamOffMoveMail(visit, token, deps.outbox.site));
      continue;
    }
    await scheduleRepository(tx).setTeam(visit.orderId, next);
    await auditRepository(tx).record({
      orderId: visit.orderId, actorId: deps.admin.id, actor: deps.admin.name, action: 'order.team',
      from: visit.team ?? UNASSIGNED, to: plan.names.get(next) ?? UNASSIGNED, at: deps.now,
    });
  }
  return listedVisits(tx, plan.visits, movedTo(plan));
}
