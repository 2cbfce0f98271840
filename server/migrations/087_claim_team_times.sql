-- The kept plans' functions (decision 116), written by `npm run -s kept-plans` from their repositories'
-- statements: do not edit by hand (tests/services/kept-plans.test.ts compares them). After them,
-- decision 132's claim of one team's times, by hand.
CREATE OR REPLACE FUNCTION checkout_read_day_shared(integer, integer, text, integer, integer, text) RETURNS TABLE (order_row orders, user_name text, user_email text, service_name text, refund_status text, refund_reason text,
  refund_fee integer, job_minutes integer, items_json text, ledger_json text, earlier_json text, day_locked text, next_reference integer,
  erased boolean, in_zone boolean, congestion_charge integer, vat_percent numeric, served boolean)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan
AS $kept_plan$
#variable_conflict use_column
BEGIN
  RETURN QUERY SELECT ROW(o.*)::orders, u.name, COALESCE(u.email, ''), s.name, r.status, r.reason, r.fee,
         (GREATEST(30, COALESCE(o.duration_minutes, GREATEST(30, (SELECT base_minutes FROM services WHERE id = o.service_id) + COALESCE((SELECT SUM(oi.quantity * si.duration_minutes)::integer FROM order_items oi JOIN service_items si ON si.id = oi.item_id WHERE oi.order_id = o.id), 0)))))::integer,
         (SELECT COALESCE(json_agg(json_build_object('item_id', i.item_id, 'name', i.name, 'unit_price', i.unit_price,
                   'quantity', i.quantity, 'total_price', i.total_price) ORDER BY i.item_id), '[]')
            FROM order_items i WHERE i.order_id = o.id)::text,
         
  (SELECT COALESCE(json_agg(json_build_object('id', l.id, 'order_id', l.order_id, 'kind', l.kind, 'name', l.name,
            'quantity', l.quantity, 'unit_price', l.unit_price, 'amount', l.amount, 'vat_percent', l.vat_percent,
            'reason', l.reason, 'reference', l.reference, 'actor', l.actor, 'created_at', l.created_at) ORDER BY l.id), '[]')
     FROM order_ledger l WHERE l.order_id = o.id)::text,
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
    LEFT JOIN refund_requests r ON r.order_id = o.id;
END
$kept_plan$;

CREATE OR REPLACE FUNCTION checkout_day_roster(date, date, timestamp with time zone, timestamp with time zone, timestamp with time zone, timestamp with time zone, text) RETURNS TABLE (roster text, teams text, team_hours text, time_off text, opening text, closures text, travel text, jobs text)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan
AS $kept_plan$
#variable_conflict use_column
BEGIN
  RETURN QUERY SELECT
    (SELECT token FROM team_roster) AS roster,
    CASE WHEN $7::text = (SELECT token FROM team_roster) THEN NULL ELSE
    (SELECT COALESCE(json_agg(json_build_array(id, name) ORDER BY position, id), '[]') FROM teams WHERE active)::text END AS teams,
    -- Five whole numbers a row (team, weekday, works 1/0, opens and closes in minutes from midnight):
    -- JSON with times as text cost a third more, for as many rows as there are teams (decision 118).
    CASE WHEN $7::text = (SELECT token FROM team_roster) THEN NULL ELSE
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
    concat_ws(E'\n', (SELECT string_agg(concat_ws(' ', o.id, COALESCE(o.team_id, 0), floor(extract(epoch FROM o.due_at))::bigint,
                       GREATEST(30, COALESCE(o.duration_minutes, GREATEST(30, (SELECT base_minutes FROM services WHERE id = o.service_id) + COALESCE((SELECT SUM(oi.quantity * si.duration_minutes)::integer FROM order_items oi JOIN service_items si ON si.id = oi.item_id WHERE oi.order_id = o.id), 0)))), COALESCE(replace(o.code_postal, E'\n', ' '), '')), E'\n')
       FROM orders o
      WHERE o.checked_out_at IS NOT NULL AND o.status <> 'cancelled' AND o.due_at >= $3::timestamptz AND o.due_at < $4::timestamptz
        AND o.due_at < $6::timestamptz + (COALESCE((SELECT greatest(travel_minutes, travel_minutes_other_area) FROM pricing_settings), 60) * interval '1 minute') AND o.due_at + GREATEST(30, COALESCE(o.duration_minutes, 1440)) * interval '1 minute' > $5::timestamptz - (COALESCE((SELECT greatest(travel_minutes, travel_minutes_other_area) FROM pricing_settings), 60) * interval '1 minute')),
    -- A time held for a waiting customer (decision 056) is a job of no team yet, named by their
    -- draft, so it stands in everyone's way but theirs (checkStart's movingOrder); checked out, it is the order's.
    -- A booked visit's entry (decision 067) holds it too: its reschedule moves that order.
    (SELECT string_agg(concat_ws(' ', w.order_id, 0, floor(extract(epoch FROM w.held_due_at))::bigint, w.held_minutes,
                       COALESCE(replace(o.code_postal, E'\n', ' '), '')), E'\n')
       FROM waitlist_entries w JOIN orders o ON o.id = w.order_id
      WHERE w.status = 'offered' AND (o.checked_out_at IS NULL OR w.moves_order) AND w.held_due_at >= $3::timestamptz AND w.held_due_at < $4::timestamptz
        AND w.held_due_at < $6::timestamptz + (COALESCE((SELECT greatest(travel_minutes, travel_minutes_other_area) FROM pricing_settings), 60) * interval '1 minute') AND w.held_due_at + w.held_minutes * interval '1 minute' > $5::timestamptz - (COALESCE((SELECT greatest(travel_minutes, travel_minutes_other_area) FROM pricing_settings), 60) * interval '1 minute'))) AS jobs;
END
$kept_plan$;

CREATE OR REPLACE FUNCTION team_jobs_near(integer, timestamp with time zone, timestamp with time zone, timestamp with time zone, timestamp with time zone) RETURNS TABLE (lines text)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan
AS $kept_plan$
#variable_conflict use_column
BEGIN
  RETURN QUERY SELECT COALESCE(string_agg(concat_ws(' ', o.id, COALESCE(o.team_id, 0), floor(extract(epoch FROM o.due_at))::bigint,
                       GREATEST(30, COALESCE(o.duration_minutes, GREATEST(30, (SELECT base_minutes FROM services WHERE id = o.service_id) + COALESCE((SELECT SUM(oi.quantity * si.duration_minutes)::integer FROM order_items oi JOIN service_items si ON si.id = oi.item_id WHERE oi.order_id = o.id), 0)))), COALESCE(replace(o.code_postal, E'\n', ' '), '')), E'\n' ORDER BY o.id), '')
       FROM orders o
      WHERE o.checked_out_at IS NOT NULL AND o.status <> 'cancelled' AND o.due_at >= $2::timestamptz AND o.due_at < $3::timestamptz
        AND o.due_at < $5::timestamptz + (COALESCE((SELECT greatest(travel_minutes, travel_minutes_other_area) FROM pricing_settings), 60) * interval '1 minute') AND o.due_at + GREATEST(30, COALESCE(o.duration_minutes, 1440)) * interval '1 minute' > $4::timestamptz - (COALESCE((SELECT greatest(travel_minutes, travel_minutes_other_area) FROM pricing_settings), 60) * interval '1 minute') AND o.team_id = $1;
END
$kept_plan$;

-- Decision 132: a claim locks the job's times for one team, not for every team.
-- A team's half-hour as one advisory key: 1404 in the top 16 bits, the team in the next 24, the
-- half-hour (epoch ÷ 1800) in the last 24 (wrapping after 957 years). One-key locks are a space of
-- their own, apart from the two-key locks of the day (1402) and 073's times (1403).
CREATE FUNCTION team_time_key(team integer, slot integer) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (1404::bigint << 48) | ((team::bigint & 16777215) << 24) | (slot::bigint & 16777215)
$$;

-- Claims the first of `candidates` (the teams free by the caller's read, best first) whose
-- half-hours it can lock, widened as 073's lock_job_times widened them (half the longer travel gap
-- either side, so two jobs in each other's way share one), and whose jobs near the job are still
-- `expected` (the read's lines of that team, team_jobs_near's form). It waits for no lock but, with
-- `wait`, the first candidate's: a claim that finds every candidate taken or changed raises a
-- serialization failure, and its transaction runs again, waiting then. Only that wait is ever made,
-- holding no other team's times, so claims cannot deadlock. The caller holds the day shared.
CREATE FUNCTION claim_team_times(day_namespace integer, day_key integer, range_start timestamptz, range_end timestamptz,
  starts timestamptz, ends timestamptz, candidates integer[], expected text[], wait boolean) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  widen integer;
  first_slot integer;
  last_slot integer;
  team integer;
  held boolean;
BEGIN
  SELECT ceil(greatest(travel_minutes, travel_minutes_other_area) / 2.0)::integer INTO widen FROM pricing_settings;
  widen := coalesce(widen, 120);
  first_slot := floor((extract(epoch FROM starts) - widen * 60) / 1800)::integer;
  last_slot := floor((extract(epoch FROM ends) + widen * 60 - 1) / 1800)::integer;
  FOR i IN 1 .. coalesce(array_length(candidates, 1), 0) LOOP
    team := candidates[i];
    held := true;
    FOR slot IN first_slot .. last_slot LOOP
      IF wait AND i = 1 THEN
        PERFORM pg_advisory_xact_lock(team_time_key(team, slot));
      ELSIF NOT pg_try_advisory_xact_lock(team_time_key(team, slot)) THEN
        held := false;
        EXIT;
      END IF;
    END LOOP;
    -- Read after the locks (a statement of its own: a snapshot of its own), so a claim of this
    -- team that committed before them is seen.
    IF held AND (SELECT lines FROM team_jobs_near(team, range_start, range_end, starts, ends)) = expected[i] THEN
      RETURN team;
    END IF;
  END LOOP;
  RAISE EXCEPTION 'The teams free for this job were claimed meanwhile' USING ERRCODE = 'serialization_failure';
END $$;

-- Instances on the older code (083's checkout_read calls this) lock the whole day during a rolling
-- release: slower for them, but a new instance's claim, which holds the day shared, waits for them
-- and they for it. A later migration drops it with checkout_read and checkout_day_lines.
CREATE OR REPLACE FUNCTION lock_job_times(day_namespace integer, day_key integer, starts timestamptz, minutes integer) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(day_namespace, day_key);
  RETURN 1;
END $$;
