import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import { JOB_MINUTES_SQL, jobMinutes } from './job-minutes';
import { handTunedRows } from '../db/hand-tuned';
import type { KeptPlan } from '../db/kept-plan';
import { MIN_JOB_MINUTES, toMinutes, type BookedJob, type CapacityData, type Hours, type Team } from '../../domain/capacity/availability-rules';
import { DEFAULT_TRAVEL, postcodeArea } from '../../domain/capacity/travel-gap';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { addDays } from '../../domain/time/london-days';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/**
 * Reads what the capacity rule needs for the UK dates `from`..`to` (inclusive): teams with their
 * hours and time off, opening hours, closures and the booked jobs (checked out, not cancelled).
 * Dates and times are read as text, so neither driver's Date parsing moves them across midnight.
 */
export function availabilityRepository(db: Database) {
  const k = kysely(db);
  return {
    /**
     * The whole UK days `from`..`to`. A checkout reads only what is near its job, inside its read
     * that locks (`dayReadJoin`, decisions 113 and 118).
     */
    async load(from: string, to: string): Promise<CapacityData> {
      const [rangeStart, rangeEnd] = dayRange(from, to);
      const held = rosterHeld();
      const rows = await handTunedRows<DayRead>(db, WHOLE_DAY_READ, [from, to, rangeStart, rangeEnd, held?.token ?? null]);
      return capacityOf(rows[0]!, from, to, held); // one row always: every column is a scalar subquery
    },

    /** How long the order's job takes: its stored duration, or its items' (JOB_MINUTES_SQL). */
    async orderMinutes(orderId: number): Promise<number> {
      return (await this.orderJob(orderId)).minutes;
    },

    /** The order's job length, its team (null: none yet) and its postcode (for the travel gap). */
    async orderJob(orderId: number): Promise<{ minutes: number; teamId: number | null; postcode: string | null }> {
      const row = await k.selectFrom('orders as o').select([jobMinutes().as('minutes'), 'o.team_id', 'o.code_postal']).where('o.id', '=', orderId).executeTakeFirst();
      return { minutes: row?.minutes ?? 0, teamId: row?.team_id ?? null, postcode: row?.code_postal ?? null };
    },

    /** The shortest job of a service (its base time and its quickest item, once); null for an unknown service. */
    async serviceMinutes(serviceId: number): Promise<number | null> {
      const row = await k
        .selectFrom('services as s')
        .select((eb) =>
          eb('s.base_minutes', '+', eb.fn.coalesce(eb.selectFrom('service_items').select((si) => si.fn.min('duration_minutes').as('shortest')).whereRef('service_id', '=', 's.id'), eb.lit(0))).as('minutes'),
        )
        .where('s.id', '=', serviceId)
        .executeTakeFirst();
      return row ? Number(row.minutes ?? 0) : null;
    },

    /**
     * Locks one UK day alone (transaction-scoped advisory lock, PostgreSQL and PGlite alike): for
     * what changes a whole day (closures, time off, the board, the waiting list, a series' planning).
     * It waits for every claim holding the day shared (the checkout's read, lockDayShared), and they for it.
     */
    async lockDay(date: string): Promise<void> {
      const [namespace, day] = dayLockKey(date);
      await k.selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.val(namespace), eb.val(day)]).as('locked')).execute();
    },

    /**
     * Takes one UK day's lock shared: whatever changes the whole day (`lockDay`) waits for this
     * transaction, and it for them. A claim of a team's times (claimTeamTimes) holds it.
     */
    async lockDayShared(date: string): Promise<void> {
      const [namespace, day] = dayLockKey(date);
      await k.selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock_shared', [eb.val(namespace), eb.val(day)]).as('locked')).execute();
    },

    /**
     * What can be in the way of a job of `minutes` from `start` on UK day `date` (the checkout's day
     * read, near the job only), with the read's job lines for claimTeamTimes. Read after the day's lock.
     */
    async loadNear(date: string, start: Date, minutes: number): Promise<{ data: CapacityData; jobs: string | null }> {
      const [rangeStart, rangeEnd] = dayRange(date, date);
      const held = rosterHeld();
      const rows = await handTunedRows<DayRead>(db, `SELECT ${DAY_READ_COLUMNS} FROM (SELECT 1) AS one ${dayReadJoin('$1', '$2', '$3', '$4::timestamptz', '$5::timestamptz', '$6')}`,
        [date, rangeStart, rangeEnd, start, jobEnd(start, minutes), held?.token ?? null]);
      return { data: capacityOf(rows[0]!, date, date, held), jobs: rows[0]!.jobs };
    },

    /**
     * Claims the first of `candidates` (free by the read, best first) whose times it can lock and
     * whose jobs near the job are still the read's (`jobs`): migration 087's claim_team_times,
     * decision 132. Fails with a serialization failure when none is (the transaction runs again).
     * `wait`: for the first candidate's times, wait rather than pass it by.
     */
    async claimTeamTimes(claim: TeamClaim): Promise<number> {
      const row = (await handTunedRows<{ team: number }>(db, `SELECT ${CLAIM_TEAM_TIMES} AS team`, claimParameters(claim)))[0]!;
      return row.team;
    },

    async assign(orderId: number, teamId: number, minutes: number): Promise<void> {
      await k.updateTable('orders').set({ team_id: teamId, duration_minutes: minutes }).where('id', '=', orderId).execute();
    },
  };
}

const HOUR_MS = 3_600_000;

/** The longer travel gap of travelOf's default (no settings row). */
const LONGEST_DEFAULT_GAP = Math.max(DEFAULT_TRAVEL.sameArea, DEFAULT_TRAVEL.otherArea);
/** A day's minutes: the longest a job without a stored duration is taken to be, to read it near a checkout. */
const DAY_MINUTES = 24 * 60;

/** A job's postcode as the last field of its line: as stored, a line break (never typed) made a space; none: empty. */
const POSTCODE_FIELD = (column: string) => `COALESCE(replace(${column}, E'\\n', ' '), '')`;

/** The day read's one row: the small tables as JSON text, the teams' hours and the jobs as lines of fields (see dayRead). */
export interface DayRead {
  /** team_roster's token (decision 131); null only in a database without its row. */
  roster: string | null;
  /** Null, with the hours, when the roster is the one the server passed: it holds them (RosterHeld). */
  teams: string | null;
  team_hours: string | null;
  time_off: string;
  opening: string;
  closures: string;
  travel: string | null;
  jobs: string | null;
}

/**
 * The day read: $1..$2 the UK days (dates), $3..$4 the instants around them. `near` ($5..$6, the
 * start and end of a job): only the jobs and held times that end within the longer travel gap
 * before its start or begin within it after its end (the capacity rule's inTheWay; decision 113).
 * The last parameter ($5, or $7 when `near`) is the roster token the server holds: when it is still
 * team_roster's, the teams and their hours are not built again (null; decision 131). Their hours
 * come for every weekday, so one held roster serves every day (placedJobs says which jobs are
 * near). Dates and times are read as text, so neither driver's Date parsing
 * moves them across midnight; the small tables come as JSON text (the same in both drivers).
 */
function dayRead(near: boolean): string {
  // No token passed (null) compares as unknown, so the teams are built.
  const held = `${near ? '$7' : '$5'}::text = (SELECT token FROM team_roster)`;
  return `SELECT
    (SELECT token FROM team_roster) AS roster,
    CASE WHEN ${held} THEN NULL ELSE
    (SELECT COALESCE(json_agg(json_build_array(id, name) ORDER BY position, id), '[]') FROM teams WHERE active)::text END AS teams,
    -- Five whole numbers a row (team, weekday, works 1/0, opens and closes in minutes from midnight):
    -- JSON with times as text cost a third more, for as many rows as there are teams (decision 118).
    CASE WHEN ${held} THEN NULL ELSE
    (SELECT string_agg(concat_ws(' ', team_id, weekday, works::integer, extract(epoch FROM opens)::integer / 60, extract(epoch FROM closes)::integer / 60), ' ')
       FROM team_hours) END AS team_hours,
    (SELECT COALESCE(json_agg(json_build_array(team_id, to_char(starts_on, 'YYYY-MM-DD'), to_char(ends_on, 'YYYY-MM-DD'))), '[]')
       FROM team_time_off WHERE starts_on <= $2::date AND ends_on >= $1::date)::text AS time_off,
    (SELECT COALESCE(json_agg(json_build_array(weekday, open, to_char(opens, 'HH24:MI'), to_char(closes, 'HH24:MI'))), '[]')
       FROM opening_hours)::text AS opening,
    (SELECT COALESCE(json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), reason)), '[]')
       FROM closures WHERE day BETWEEN $1::date AND $2::date)::text AS closures,
    (SELECT json_build_array(travel_minutes, travel_minutes_other_area) FROM pricing_settings)::text AS travel,
    -- Text rather than a row per job (or arrays): a busy month is thousands of jobs, and per-row
    -- and per-element decoding (and Date parsing) was most of this read's time. A line a job: four
    -- whole numbers (id, team (0: none), start in epoch seconds, minutes), then its postcode as
    -- stored, for the travel gap (decision 041). One concat_ws a job: a regular expression and
    -- || a field cost twice as much on a busy day (decision 118).
    concat_ws(E'\\n', (SELECT string_agg(${PLACED_JOB_LINE}, E'\\n')
       ${placedJobs('$3', '$4', near ? ['$5', '$6'] : null)}),
    -- A time held for a waiting customer (decision 056) is a job of no team yet, named by their
    -- draft, so it stands in everyone's way but theirs (checkStart's movingOrder); checked out, it is the order's.
    -- A booked visit's entry (decision 067) holds it too: its reschedule moves that order.
    (SELECT string_agg(concat_ws(' ', w.order_id, 0, floor(extract(epoch FROM w.held_due_at))::bigint, w.held_minutes,
                       ${POSTCODE_FIELD('o.code_postal')}), E'\\n')
       FROM waitlist_entries w JOIN orders o ON o.id = w.order_id
      WHERE w.status = 'offered' AND (o.checked_out_at IS NULL OR w.moves_order) AND w.held_due_at >= $3::timestamptz AND w.held_due_at < $4::timestamptz
        ${near ? nearOnly('w.held_due_at', 'w.held_minutes', '$5', '$6') : ''})) AS jobs`;
}

/** The longer travel gap in force, as an interval (pricing_settings; no row: travelOf's default). */
const LONGER_GAP = `(COALESCE((SELECT greatest(travel_minutes, travel_minutes_other_area) FROM pricing_settings), ${LONGEST_DEFAULT_GAP}) * interval '1 minute')`;

/**
 * Only the jobs that end within the longer travel gap before the job's start or begin within it
 * after its end (the capacity rule's inTheWay; decision 113). `start`, `end`: the job's, as SQL.
 */
const nearOnly = (jobStart: string, minutes: string, start: string, end: string) =>
  `AND ${jobStart} < ${end}::timestamptz + ${LONGER_GAP} AND ${jobStart} + ${minutes} * interval '1 minute' > ${start}::timestamptz - ${LONGER_GAP}`;

/** A placed job's line of the day read (orders `o`): id, team (0: none), start (epoch seconds), minutes, postcode. */
const PLACED_JOB_LINE = `concat_ws(' ', o.id, COALESCE(o.team_id, 0), floor(extract(epoch FROM o.due_at))::bigint,
                       ${JOB_MINUTES_SQL}, ${POSTCODE_FIELD('o.code_postal')})`;

/**
 * The placed jobs (checked out, not cancelled) starting between the instants `from` and `to`, and
 * with `near` (the job's start and end) only those near it. Bounded by the stored duration, not the
 * full job-length rule: that rule's subqueries cost more to plan than the rows they would spare (an
 * order placed without a stored duration counts as a day long here, so it is read).
 */
const placedJobs = (from: string, to: string, near: [string, string] | null) => `FROM orders o
      WHERE o.checked_out_at IS NOT NULL AND o.status <> ${sqlStatus(CANCELLED_STATUS)} AND o.due_at >= ${from}::timestamptz AND o.due_at < ${to}::timestamptz
        ${near ? nearOnly('o.due_at', `GREATEST(${MIN_JOB_MINUTES}, COALESCE(o.duration_minutes, ${DAY_MINUTES}))`, ...near) : ''}`;

/** The day read for whole days (free times, the board, claims outside a checkout): a plain statement. */
const WHOLE_DAY_READ = dayRead(false);

/**
 * The checkout's day read (decision 116): only what can be in the way of its job, planned once a
 * server connection. Its parameters: the UK days, the instants around them, the job's start and end.
 * VOLATILE although it only reads (decision 118): joined to the read that locks, it must take its
 * own snapshot, after the locks; a STABLE function reads with its calling statement's snapshot,
 * taken before them, and would miss a job claimed by the checkout it waited for.
 * Named anew when its columns or parameters change (decisions 118, 131): during a rolling release,
 * instances on the older code still call the older function (081's `checkout_day_lines`), which a
 * later migration drops (089).
 */
export const CHECKOUT_DAY_READ: KeptPlan = {
  name: 'checkout_day_roster',
  parameters: ['date', 'date', 'timestamp with time zone', 'timestamp with time zone', 'timestamp with time zone', 'timestamp with time zone', 'text'],
  returns: 'TABLE (roster text, teams text, team_hours text, time_off text, opening text, closures text, travel text, jobs text)',
  volatility: 'VOLATILE',
  body: dayRead(true),
};

/**
 * One team's placed jobs near a job, as the checkout's day read has them (its lines of that team,
 * in id order; '' for none): what `claim_team_times` (migration 087, decision 132) compares with what
 * the read saw, once it holds the team's times. $1 the team, $2..$3 the instants around the UK day,
 * $4..$5 the job's start and end. VOLATILE, so it reads with a snapshot taken after those locks.
 */
export const TEAM_JOBS_NEAR: KeptPlan = {
  name: 'team_jobs_near',
  parameters: ['integer', 'timestamp with time zone', 'timestamp with time zone', 'timestamp with time zone', 'timestamp with time zone'],
  returns: 'TABLE (lines text)',
  volatility: 'VOLATILE',
  body: `SELECT COALESCE(string_agg(${PLACED_JOB_LINE}, E'\\n' ORDER BY o.id), '')
       ${placedJobs('$2', '$3', ['$4', '$5'])} AND o.team_id = $1`,
};

/**
 * The lines of the day read's `jobs` for each of `teams`, as TEAM_JOBS_NEAR gives them (in id
 * order, joined by line breaks): what the read saw of each team near the job, for the claim to
 * check nothing has changed since (decision 132).
 */
export function teamLines(jobs: string | null, teams: readonly number[]): string[] {
  const byTeam = new Map<number, Array<{ id: number; line: string }>>(teams.map((team) => [team, []]));
  for (const line of jobs ? jobs.split('\n') : []) {
    const afterId = line.indexOf(' ');
    const list = byTeam.get(Number(line.slice(afterId + 1, line.indexOf(' ', afterId + 1))));
    list?.push({ id: Number(line.slice(0, afterId)), line });
  }
  return teams.map((team) => byTeam.get(team)!.sort((a, b) => a.id - b.id).map((job) => job.line).join('\n'));
}

/** A claim of one of a job's candidate teams (decision 132). */
export interface TeamClaim {
  date: string;
  start: Date;
  /** The job's length (at least the shortest job counts, as in the checkout's read). */
  minutes: number;
  /** The teams free for the job by the read, best first. */
  candidates: readonly number[];
  /** The read's job lines (DayRead.jobs), to compare each candidate's with. */
  jobs: string | null;
  wait: boolean;
}

/** claim_team_times's call with its parameters from $1 (claimParameters, `after` parameters before them). */
export function claimTeamTimesCall(after = 0): string {
  const p = (n: number) => `$${after + n}`;
  return `claim_team_times(${p(1)}::integer, ${p(2)}::integer, ${p(3)}::timestamptz, ${p(4)}::timestamptz, ${p(5)}::timestamptz, ${p(6)}::timestamptz, ${p(7)}::integer[], ${p(8)}::text[], ${p(9)}::boolean)`;
}
const CLAIM_TEAM_TIMES = claimTeamTimesCall();

/** Where a job of `minutes` from `start` ends for the near reads and the claim: never before the shortest job's end. */
function jobEnd(start: Date, minutes: number): Date {
  return new Date(start.getTime() + Math.max(minutes, MIN_JOB_MINUTES) * 60_000);
}

/** claim_team_times's nine parameters, in order. */
export function claimParameters(claim: TeamClaim): unknown[] {
  const [rangeStart, rangeEnd] = dayRange(claim.date, claim.date);
  return [...dayLockKey(claim.date), rangeStart, rangeEnd, claim.start, jobEnd(claim.start, claim.minutes), claim.candidates, teamLines(claim.jobs, claim.candidates), claim.wait];
}

/** The first key of the two-key advisory lock: "availability day" (other locks use other keys). */
const DAY_LOCK_NAMESPACE = 14_02;

/** The two keys of a UK day's lock, for `pg_advisory_xact_lock($1, $2)` (the checkout takes it in its first read). */
export function dayLockKey(date: string): [number, number] {
  return [DAY_LOCK_NAMESPACE, Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000)];
}

/** The instants around UK days `from`..`to`: an hour either side covers both clock offsets; jobs are then keyed by UK date. */
export function dayRange(from: string, to: string): [Date, Date] {
  return [new Date(londonLocalToInstant(from, '00:00').getTime() - 3_600_000), new Date(londonLocalToInstant(to, '23:59').getTime() + 3_600_000)];
}

/**
 * The checkout's day read (CHECKOUT_DAY_READ) as a join of a statement that has already taken the
 * job's locks and knows its start and end (decision 118): one round trip fewer while the job's times
 * are held. The function is VOLATILE, so its query takes a fresh snapshot after those locks were
 * granted and sees every job that was claimed before them. The arguments are SQL expressions.
 */
export function dayReadJoin(date: string, rangeStart: string, rangeEnd: string, start: string, end: string, roster: string): string {
  return `CROSS JOIN LATERAL ${CHECKOUT_DAY_READ.name}(${date}::date, ${date}::date, ${rangeStart}::timestamptz, ${rangeEnd}::timestamptz, ${start}, ${end}, ${roster}::text) AS day`;
}

/** The day read's columns, as a statement that joins it (dayReadJoin) selects them. */
export const DAY_READ_COLUMNS = 'day.roster, day.teams, day.team_hours, day.time_off, day.opening, day.closures, day.travel, day.jobs';

/** The teams and their hours as the day read last built them, named by team_roster's token (decision 131). */
export interface RosterHeld {
  readonly token: string;
  readonly teams: string;
  readonly teamHours: string | null;
}

/**
 * This server's roster: what a day read passes as its token, and what it stands for when the read
 * leaves the teams out. Taken before the read and used as taken: reads that overlap a change may
 * bring different tokens, and each one's teams are the ones its token named.
 */
let heldRoster: RosterHeld | null = null;

/** The roster to pass to a day read (its token) and to give capacityOf with the row. */
export function rosterHeld(): RosterHeld | null {
  return heldRoster;
}

/** The row's teams and hours: those `held` stands for when the read left them out; otherwise the row's, now held. */
function rosterOf(row: DayRead, held: RosterHeld | null): { teams: string; teamHours: string | null } {
  if (row.teams === null) {
    if (!held || held.token !== row.roster) throw new Error('The day read left the teams out for a roster this server does not hold');
    return held;
  }
  if (row.roster !== null) heldRoster = { token: row.roster, teams: row.teams, teamHours: row.team_hours };
  return { teams: row.teams, teamHours: row.team_hours };
}

/** What the capacity rule needs, from the day read's one row for UK days `from`..`to` (`held`: the roster passed to it). */
export function capacityOf(row: DayRead, from: string, to: string, held: RosterHeld | null): CapacityData {
  const opening = JSON.parse(row.opening) as Array<[number, boolean, string, string]>;
  const closures = JSON.parse(row.closures) as Array<[string, string]>;
  const jobsByDay = new Map<string, BookedJob[]>();
  // A near day's read is a few hundred jobs on a few dozen starts and postcodes: each start hour's
  // UK date and each postcode's area are worked out once a read (londonDate a job was the read's
  // largest line in the server's profile). London's date changes on a whole UTC hour, so one hour
  // has one date.
  const dayOfHour = new Map<number, string>();
  const areaOf = new Map<string, string | null>();
  for (const line of row.jobs ? row.jobs.split('\n') : []) {
    const afterId = line.indexOf(' ');
    const afterTeam = line.indexOf(' ', afterId + 1);
    const afterStart = line.indexOf(' ', afterTeam + 1);
    const afterMinutes = line.indexOf(' ', afterStart + 1);
    const teamId = Number(line.slice(afterId + 1, afterTeam));
    const start = Number(line.slice(afterTeam + 1, afterStart)) * 1000;
    const hour = Math.floor(start / HOUR_MS);
    let day = dayOfHour.get(hour);
    if (day === undefined) dayOfHour.set(hour, (day = londonDate(start)));
    const postcode = line.slice(afterMinutes + 1);
    let area = areaOf.get(postcode);
    if (area === undefined) areaOf.set(postcode, (area = postcodeArea(postcode)));
    const list = jobsByDay.get(day) ?? [];
    list.push({
      orderId: Number(line.slice(0, afterId)), teamId: teamId === 0 ? null : teamId, start,
      end: start + Number(line.slice(afterStart + 1, afterMinutes)) * 60_000, area,
    });
    jobsByDay.set(day, list);
  }
  return {
    teams: teamsOf({ ...rosterOf(row, held), timeOff: row.time_off }, from, to),
    openingHours: new Map(opening.map(([weekday, open, opens, closes]) => [weekday, hoursOf({ open, opens, closes })])),
    closures: new Map(closures.map(([day, reason]) => [day, reason])),
    jobsByDay,
    travel: travelOf(row.travel),
  };
}

/**
 * The teams, their hours and days off, parsed from the day read's text. A read whose text is the
 * same as one of the last few gives the same teams, so they are parsed once and shared (read-only):
 * at 250 teams, parsing them was a quarter of what the server allocated during the checkout bench,
 * and each checkout of a day reads the same text (decision 130). The text decides, so nothing goes
 * stale: a team or an hour changed is a different text.
 */
function teamsOf(read: TeamsRead, from: string, to: string): readonly Team[] {
  const hit = parsedTeams.find((entry) => entry.teams === read.teams && entry.hours === read.teamHours && entry.timeOff === read.timeOff && entry.from === from && entry.to === to);
  if (hit) return hit.parsed;
  const parsed = parseTeams(read, from, to);
  parsedTeams.unshift({ teams: read.teams, hours: read.teamHours, timeOff: read.timeOff, from, to, parsed });
  if (parsedTeams.length > PARSED_TEAMS_KEPT) parsedTeams.pop();
  return parsed;
}

/** The last reads' teams, newest first: a few days at once (checkouts cluster on the next days). */
const parsedTeams: { teams: string; hours: string | null; timeOff: string; from: string; to: string; parsed: readonly Team[] }[] = [];
const PARSED_TEAMS_KEPT = 8;

/** The day read's texts of the teams, their hours (every weekday) and their time off. */
interface TeamsRead {
  teams: string;
  teamHours: string | null;
  timeOff: string;
}

function parseTeams(read: TeamsRead, from: string, to: string): readonly Team[] {
  const teams = JSON.parse(read.teams) as Array<[number, string]>;
  const timeOff = JSON.parse(read.timeOff) as Array<[number, string, string]>;
  const building = teams.map(([id, name]) => ({ id, name, hours: new Map<number, Hours>(), daysOff: new Set<string>() }));
  const byId = new Map(building.map((team) => [team.id, team]));
  const hours = read.teamHours ? read.teamHours.split(' ').map(Number) : [];
  for (let at = 0; at + 4 < hours.length; at += 5) {
    byId.get(hours[at]!)?.hours.set(hours[at + 1]!, { open: hours[at + 2] === 1, opens: hours[at + 3]!, closes: hours[at + 4]! });
  }
  for (const [teamId, startsOn, endsOn] of timeOff) {
    const team = byId.get(teamId);
    const last = endsOn < to ? endsOn : to;
    for (let day = startsOn > from ? startsOn : from; team && day <= last; day = nextDay(day)) team.daysOff.add(day);
  }
  return building;
}

interface HoursRow {
  open: boolean;
  opens: string;
  closes: string;
}

function hoursOf(row: HoursRow): Hours {
  return { open: row.open, opens: toMinutes(row.opens), closes: toMinutes(row.closes) };
}

/** The travel setting (pricing_settings; a database without its row: the defaults). */
function travelOf(text: string | null) {
  if (!text) return DEFAULT_TRAVEL;
  const [sameArea, otherArea] = JSON.parse(text) as [number, number];
  return { sameArea, otherArea };
}

const nextDay = (date: string): string => addDays(date, 1);
