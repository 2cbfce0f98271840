import { createRequire } from 'node:module';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import { keptPlanCall, type KeptPlan } from '../db/kept-plan';
import type { Orders, PricingSettings } from '../db/schema';
import type { IdempotencyRecord } from './orders-idempotency-keys';
import type { CheckoutFields, OrderItemRow, OrderRow } from './orders';
import { capacityOf, claimParameters, claimTeamTimesCall, DAY_READ_COLUMNS, dayLockKey, dayRange, dayReadJoin, rosterHeld, type DayRead, type TeamClaim } from './availability-repository';
import { MIN_JOB_MINUTES, type CapacityData } from '../../domain/capacity/availability-rules';
import { JOB_MINUTES_SQL } from './job-minutes';
import { LEDGER_JSON_SQL, ledgerFromJson } from './ledger';
import type { LedgerLine } from '../../domain/money/ledger';
import { settingsVatPercent } from '../../domain/money/pricing';

/**
 * The checkout's own statements (docs/decisions/033): one read that takes its locks, one write that
 * records everything. A checkout was 18 statements in sequence on one connection; every one is a
 * round trip while the customer's row and, later, the day are locked.
 */

/** The draft as the checkout needs it: the order row, its items, its job's length and an earlier answer to the key. */
export interface CheckoutRead {
  order: OrderRow;
  items: OrderItemRow[];
  /** The order's ledger lines (decision 036), read in the same statement. */
  ledger: LedgerLine[];
  minutes: number;
  earlier: IdempotencyRecord | null;
  /**
   * The order's reference if this checkout places it, from `order_reference_seq` (decision 090),
   * taken by the read (decision 113); null for an order placed already. A checkout refused after
   * the read (or a key reused for another order) leaves a gap, as a rolled-back one did.
   */
  reference: number | null;
  /** The account was erased (by a transaction this read waited for): nothing may be written. */
  erased: boolean;
  /** Whether the checkout's postcode district is in the Congestion Charge zone, and today's charge (pence). */
  congestion: { inZone: boolean; charge: number; vatPercent: number };
  /** The postcode's district is one the company serves (service_districts, decision 041). */
  served: boolean;
  /** What can be in the job's way on its UK day, read once the day was held shared (decision 118). */
  day: CapacityData;
  /** The day read's job lines, for the write's claim to compare (decision 132). */
  dayJobs: string | null;
}

/** What the read computes beside the order's columns; the settings' figures are null without a settings row. */
interface ReadExtras {
  job_minutes: number;
  items_json: string;
  ledger_json: string;
  earlier_json: string | null;
  next_reference: number | null;
  erased: boolean;
  in_zone: boolean;
  congestion_charge: Selectable<PricingSettings>['congestion_charge'] | null;
  vat_percent: Selectable<PricingSettings>['vat_percent'] | null;
  served: boolean;
}

export interface CheckoutWrite extends CheckoutFields {
  orderId: number;
  /** The reference the read took (null: the trigger numbers the order, 037/073). */
  reference: number | null;
  /** The teams the job can take, best first, and the claim of one of them made by the write (decision 132). */
  teams: ReadonlyArray<{ teamId: number; teamName: string }>;
  claim: Omit<TeamClaim, 'candidates'>;
  minutes: number;
  actorId: number;
  actor: string;
  /** The Idempotency-Key claimed with the change, and the answer a retry replays. */
  key: { key: string; requestHash: string; response: unknown } | null;
  /** The job priced for this address (decision 037), when that is not the order's price: pence and lines. */
  price: { total: number; vat: number; lines: unknown[]; postcode: string; added: { name: string; amount: number; vatPercent: number } | null } | null;
  /** The confirmation mail's job insert (JobQueue.jobStatement), run as part of this statement (decision 113). */
  job: { text: string; values: unknown[] } | null;
}

/** The write's own parameters ($1–$26), then the claim's nine (claimParameters); a job's statement is numbered after them. */
const CLAIM_AFTER = 26;
const WRITE_PARAMETERS = CLAIM_AFTER + 9;

/** `text` with its parameters $1, $2… renumbered from $<after + 1>, to run inside another statement. */
function renumbered(text: string, after: number): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + after}`);
}

/**
 * The checkout's read (decision 116: a kept plan): locks the customer's row (FOR KEY SHARE, the lock
 * erasure waits for and no other checkout of theirs does: account-lock.ts, decision 122), then their
 * order's, then its UK day shared (see `read`), and reads the order as a whole row beside what the
 * checkout computes from it. $1 user, $2 order, $3 key, $4–$5 the day's lock keys, $6 the postcode's
 * district. Named anew when it stopped locking the job's times (decision 132): instances on the
 * older code still call 083's `checkout_read` during a rolling release.
 */
export const CHECKOUT_READ: KeptPlan = {
  name: 'checkout_read_day_shared',
  parameters: ['integer', 'integer', 'text', 'integer', 'integer', 'text'],
  returns: `TABLE (order_row orders, user_name text, user_email text, service_name text, refund_status text, refund_reason text,
  refund_fee integer, job_minutes integer, items_json text, ledger_json text, earlier_json text, day_locked text, next_reference integer,
  erased boolean, in_zone boolean, congestion_charge integer, vat_percent numeric, served boolean)`,
  volatility: 'VOLATILE',
  body: `SELECT ROW(o.*)::orders, u.name, COALESCE(u.email, ''), s.name, r.status, r.reason, r.fee,
         (${JOB_MINUTES_SQL})::integer,
         (SELECT COALESCE(json_agg(json_build_object('item_id', i.item_id, 'name', i.name, 'unit_price', i.unit_price,
                   'quantity', i.quantity, 'total_price', i.total_price) ORDER BY i.item_id), '[]')
            FROM order_items i WHERE i.order_id = o.id)::text,
         ${LEDGER_JSON_SQL('o.id')},
         (SELECT json_build_object('request_hash', k.request_hash, 'response', k.response)
            FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = $3)::text,
         -- The day shared: a change of the whole day waits for this checkout (decision 132).
         pg_advisory_xact_lock_shared($4, $5)::text,
         -- The reference is taken here (decision 113), so the confirmation mail is written
         -- before the write and queued by it; not for an order already placed (a replay's).
         CASE WHEN o.checked_out_at IS NULL AND o.reference IS NULL THEN nextval('order_reference_seq')::integer END,
         customer.anonymised_at IS NOT NULL,
         EXISTS (SELECT 1 FROM congestion_districts WHERE district = $6),
         (SELECT congestion_charge FROM pricing_settings),
         (SELECT vat_percent FROM pricing_settings),
         EXISTS (SELECT 1 FROM service_districts WHERE district = $6)
    FROM (SELECT id, anonymised_at FROM users WHERE id = $1 FOR KEY SHARE) customer
   CROSS JOIN LATERAL (SELECT * FROM orders WHERE id = $2 AND user_id = customer.id FOR UPDATE) o
    JOIN users u ON u.id = o.user_id
    JOIN services s ON s.id = o.service_id
    LEFT JOIN refund_requests r ON r.order_id = o.id`,
};

/**
 * The read's statement: the kept read's columns as the checkout takes them (the order's own, then what
 * was computed, not the lock's answer), and the day's jobs around the job joined to it (decision 118):
 * $7 the job's start, $8 the shortest job, $9 the UK day, $10–$11 the instants around it, $12 the
 * roster this server holds (decision 131); the job ends its length (at least the shortest) after $7.
 */
const CHECKOUT_READ_STATEMENT = `${keptPlanCall(CHECKOUT_READ, `(kept.order_row).*, user_name, user_email, service_name, refund_status, refund_reason, refund_fee, job_minutes,
  items_json, ledger_json, earlier_json, next_reference, erased, in_zone, congestion_charge, vat_percent, served, ${DAY_READ_COLUMNS}`)}
  ${dayReadJoin('$9', '$10', '$11', '$7::timestamptz', "$7::timestamptz + GREATEST(kept.job_minutes, $8::integer) * interval '1 minute'", '$12')}`;

/**
 * pg-boss's own insert of a job, for the schema the queue uses (server/queue/pg-boss-queue.ts): the
 * text its `send` runs and the queue's `jobStatement` captures. The kept write embeds it (decision
 * 134); kept-plans.test.ts fails when a pg-boss upgrade changes it, until a migration copies it anew.
 */
export const PG_BOSS_JOB_INSERT: string = (createRequire(import.meta.url)('pg-boss/src/plans') as { insertJob(schema: string): string }).insertJob('pgboss');
/** The types of PG_BOSS_JOB_INSERT's 19 parameters, as PostgreSQL infers them from its text. */
const PG_BOSS_JOB_PARAMETERS = ['uuid', 'text', 'jsonb', 'integer', 'text', 'text', 'integer', 'double precision', 'text', 'text', 'text', 'text', 'text',
  'integer', 'integer', 'integer', 'integer', 'boolean', 'boolean'];

type WrittenRow = { version: Selectable<Orders>['version'] | null; reference: Selectable<Orders>['reference']; team: Selectable<Orders>['team_id']; claimed: boolean };

/**
 * The checkout's write (see `write`), with `job` (a job insert, its parameters numbered from $1) as
 * its last part, or none: $1–$26 the write's own, $27–$35 the claim's, then the job's.
 */
function writeStatement(job: string | null): string {
  return `WITH team AS (SELECT ${claimTeamTimesCall(CLAIM_AFTER)} AS id),
         checked AS (
           UPDATE orders
              SET due_at = $2, address = $3, phone = $4, city = $5, code_postal = $6, client_note = $7,
                  payment_method = $8, payment_ref = $9, checked_out_at = $10, team_id = (SELECT id FROM team), duration_minutes = $12,
                  version = version + 1, reference = COALESCE($26::integer, reference),
                  total = COALESCE($19::integer, total), vat = COALESCE($20::integer, vat),
                  price_lines = COALESCE($21::jsonb, price_lines), priced_postcode = COALESCE($22::text, priced_postcode)
            WHERE id = $1 AND checked_out_at IS NULL
            RETURNING id, version, reference, team_id),
         history AS (
           -- The team's name is the one the read gave the claimed team ($15, beside $11's ids).
           INSERT INTO audit_log (order_id, actor_id, actor, action, from_value, to_value, at)
           SELECT checked.id, $13::integer, $14::text, h.action, NULL, COALESCE(h.to_value, ($15::text[])[array_position($11::integer[], checked.team_id)]), $10::timestamptz
             FROM checked, (VALUES (1, 'order.checkout', $8::text), (2, 'order.team', NULL)) AS h (position, action, to_value)
            ORDER BY h.position
           RETURNING id),
         charged AS (
           -- The address's Congestion Charge (or its reversal) is a ledger line (decisions 036, 037).
           INSERT INTO order_ledger (order_id, kind, name, amount, vat_percent, actor_id, actor, created_at)
           SELECT checked.id, 'congestion', $23::text, $24::integer, $25::numeric, $13::integer, $14::text, $10::timestamptz
             FROM checked WHERE $23::text IS NOT NULL
           RETURNING id),
         claim AS (
           INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
           -- The answer kept for a replay carries the order's reference (the read's, or the trigger's: 037, 073).
           SELECT $13::integer, $16::text, $17::text, $18::jsonb || jsonb_build_object('reference', checked.reference), $10::timestamptz FROM checked WHERE $16::text IS NOT NULL
           ON CONFLICT (user_id, key) DO NOTHING
           RETURNING key)${job === null ? '' : `,
         -- The confirmation mail's job, the queue's own insert (decision 113): no statement of its own.
         queued AS (${renumbered(job, WRITE_PARAMETERS)})`}
         SELECT (SELECT version FROM checked) AS version, (SELECT reference FROM checked) AS reference, (SELECT team_id FROM checked) AS team,
                ($16::text IS NULL OR EXISTS (SELECT 1 FROM claim)) AS claimed,
                (SELECT count(*) FROM history)::integer AS history,
                (SELECT count(*) FROM charged)::integer AS charged`;
}

/**
 * The write with pg-boss's insert as a kept plan (decision 134): unnamed, it was planned at every
 * checkout (0.73 ms of the database's time, against 2.04 ms to run it).
 */
export const CHECKOUT_WRITE: KeptPlan = {
  name: 'checkout_write',
  parameters: ['integer', 'timestamp with time zone', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamp with time zone', 'integer[]', 'integer',
    'integer', 'text', 'text[]', 'text', 'text', 'jsonb', 'integer', 'integer', 'jsonb', 'text', 'text', 'integer', 'numeric', 'integer',
    'integer', 'integer', 'timestamp with time zone', 'timestamp with time zone', 'timestamp with time zone', 'timestamp with time zone', 'integer[]', 'text[]', 'boolean',
    ...PG_BOSS_JOB_PARAMETERS],
  returns: 'TABLE (version integer, reference integer, team integer, claimed boolean, history integer, charged integer)',
  volatility: 'VOLATILE',
  body: writeStatement(PG_BOSS_JOB_INSERT),
};
const CHECKOUT_WRITE_CALL = keptPlanCall(CHECKOUT_WRITE, 'version, reference, team, claimed');

export function checkoutRepository(tx: Database) {
  return {
    /**
     * Locks the customer's row, then their order's, then the UK day of `date` shared (what changes
     * the whole day waits; the job's times are locked by the write's claim, for one team: decision
     * 132) — the user-then-orders order every change of a customer's orders keeps, so none
     * deadlocks — and reads the order with its items, its job's length and what the key answered
     * before. The customer comes first through LATERAL: the order is read only once the customer's
     * row is held. The day's jobs near the job are read in the same statement by a function whose
     * snapshot is taken after the locks are held (decision 118). Null when the customer has no such order.
     */
    async read(userId: number, orderId: number, key: string | null, date: string, startsAt: Date, district: string): Promise<CheckoutRead | null> {
      const [namespace, dayKey] = dayLockKey(date);
      const [rangeStart, rangeEnd] = dayRange(date, date);
      // Kept plans (decision 116): planned once a server connection, not at every checkout.
      const held = rosterHeld();
      const rows = await handTunedRows<OrderRow & ReadExtras & DayRead>(tx, CHECKOUT_READ_STATEMENT,
        [userId, orderId, key, namespace, dayKey, district, startsAt, MIN_JOB_MINUTES, date, rangeStart, rangeEnd, held?.token ?? null]);
      const row = rows[0];
      if (!row) return null;
      const { roster, teams, team_hours: teamHours, time_off: timeOff, opening, closures, travel, jobs, job_minutes: minutes, items_json: itemsJson, ledger_json: ledgerJson, earlier_json: earlierJson, next_reference: reference, erased, in_zone: inZone, congestion_charge: charge, vat_percent: vatPercent, served, ...order } = row;
      const items = (JSON.parse(itemsJson) as OrderItemRow[]).map((item) => ({
        ...item, unit_price: Number(item.unit_price), total_price: Number(item.total_price),
      }));
      return { order, items, ledger: ledgerFromJson(ledgerJson), minutes: Number(minutes), earlier: earlierJson ? (JSON.parse(earlierJson) as IdempotencyRecord) : null,
        reference: reference === null ? null : Number(reference), erased: Boolean(erased),
        congestion: { inZone: Boolean(inZone), charge: Number(charge), vatPercent: settingsVatPercent(vatPercent) }, served: Boolean(served),
        day: capacityOf({ roster, teams, team_hours: teamHours, time_off: timeOff, opening, closures, travel, jobs }, date, date, held), dayJobs: jobs };
    },

    /**
     * Writes the checkout in one statement: first the claim of one of the job's teams (its times
     * locked for that team, its jobs still the read's: claim_team_times, decision 132; none: a
     * serialization failure, and the transaction runs again), then the order (details, that team, job
     * length, version, and its price for this address when that changed it), its history (checked
     * out, and the team that has the job) and the Idempotency-Key with the answer to replay.
     * `claimed` is false when the key was taken meanwhile (the caller rolls back); `version` is null
     * when the order was checked out meanwhile.
     */
    async write(write: CheckoutWrite): Promise<{ version: number | null; reference: number | null; teamId: number | null; claimed: boolean }> {
      const own = [write.orderId, write.dueAt, write.address, write.phone, write.city, write.codePostal, write.clientNote,
        write.paymentMethod, write.paymentRef, write.checkedOutAt, write.teams.map((team) => team.teamId), write.minutes,
        write.actorId, write.actor, write.teams.map((team) => team.teamName),
        write.key?.key ?? null, write.key?.requestHash ?? null, write.key ? JSON.stringify(write.key.response) : null,
        write.price?.total ?? null, write.price?.vat ?? null, write.price ? JSON.stringify(write.price.lines) : null, write.price?.postcode ?? null,
        write.price?.added?.name ?? null, write.price?.added?.amount ?? null, write.price?.added?.vatPercent ?? null,
        write.reference, ...claimParameters({ ...write.claim, candidates: write.teams.map((team) => team.teamId) })];
      // pg-boss's own insert (PostgreSQL): the kept write, planned once a connection (decision 134).
      // Any other job statement (PGlite's runner) or none (a series): the same statement, planned now.
      const kept = write.job !== null && write.job.text === PG_BOSS_JOB_INSERT;
      const [row] = kept
        ? await handTunedRows<WrittenRow>(tx, CHECKOUT_WRITE_CALL, [...own, ...write.job!.values])
        : await handTunedRows<WrittenRow>(tx, writeStatement(write.job?.text ?? null), [...own, ...(write.job?.values ?? [])]);
      return { version: row?.version ?? null, reference: row?.reference ?? null, teamId: row?.team ?? null, claimed: row?.claimed === true };
    },
  };
}
