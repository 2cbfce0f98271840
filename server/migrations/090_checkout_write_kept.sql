-- The kept plans' functions (decision 116), written by `npm run -s kept-plans` from their repositories'
-- statements: do not edit by hand (tests/services/kept-plans.test.ts compares them).
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

CREATE OR REPLACE FUNCTION checkout_write(integer, timestamp with time zone, text, text, text, text, text, text, text, timestamp with time zone, integer[], integer, integer, text, text[], text, text, jsonb, integer, integer, jsonb, text, text, integer, numeric, integer, integer, integer, timestamp with time zone, timestamp with time zone, timestamp with time zone, timestamp with time zone, integer[], text[], boolean, uuid, text, jsonb, integer, text, text, integer, double precision, text, text, text, text, text, integer, integer, integer, integer, boolean, boolean) RETURNS TABLE (version integer, reference integer, team integer, claimed boolean, history integer, charged integer)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan
AS $kept_plan$
#variable_conflict use_column
BEGIN
  RETURN QUERY WITH team AS (SELECT claim_team_times($27::integer, $28::integer, $29::timestamptz, $30::timestamptz, $31::timestamptz, $32::timestamptz, $33::integer[], $34::text[], $35::boolean) AS id),
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
           RETURNING key),
         -- The confirmation mail's job, the queue's own insert (decision 113): no statement of its own.
         queued AS (
    INSERT INTO pgboss.job (
      id,
      name,
      data,
      priority,
      start_after,
      singleton_key,
      singleton_on,
      dead_letter,
      expire_in,
      keep_until,
      retry_limit,
      retry_delay,
      retry_backoff,
      policy
    )
    SELECT
      id,
      j.name,
      data,
      priority,
      start_after,
      singleton_key,
      singleton_on,
      COALESCE(j.dead_letter, q.dead_letter) as dead_letter,
      CASE
        WHEN expire_in IS NOT NULL THEN expire_in::numeric * interval '1s'
        WHEN q.expire_seconds IS NOT NULL THEN q.expire_seconds * interval '1s'
        WHEN expire_in_default IS NOT NULL THEN expire_in_default::numeric * interval '1s'
        ELSE interval '15 minutes'
        END as expire_in,
      CASE
        WHEN right(keep_until, 1) = 'Z' THEN CAST(keep_until as timestamp with time zone)
        ELSE start_after + CAST(COALESCE(keep_until, (q.retention_minutes * 60)::text, keep_until_default, '14 days') as interval)
        END as keep_until,
      COALESCE(j.retry_limit, q.retry_limit, retry_limit_default, 2) as retry_limit,
      CASE
        WHEN COALESCE(j.retry_backoff, q.retry_backoff, retry_backoff_default, false)
        THEN GREATEST(COALESCE(j.retry_delay, q.retry_delay, retry_delay_default), 1)
        ELSE COALESCE(j.retry_delay, q.retry_delay, retry_delay_default, 0)
        END as retry_delay,
      COALESCE(j.retry_backoff, q.retry_backoff, retry_backoff_default, false) as retry_backoff,
      q.policy
    FROM
      ( SELECT
          COALESCE($36::uuid, gen_random_uuid()) as id,
          $37 as name,
          $38::jsonb as data,
          COALESCE($39::int, 0) as priority,
          CASE
            WHEN right($40, 1) = 'Z' THEN CAST($40 as timestamp with time zone)
            ELSE now() + CAST(COALESCE($40,'0') as interval)
            END as start_after,
          $41 as singleton_key,
          CASE
            WHEN $42::integer IS NOT NULL THEN 'epoch'::timestamp + '1 second'::interval * ($42 * floor((date_part('epoch', now()) + $43) / $42))
            ELSE NULL
            END as singleton_on,
          $44 as dead_letter,
          $45 as expire_in,
          $46 as expire_in_default,
          $47 as keep_until,
          $48 as keep_until_default,
          $49::int as retry_limit,
          $50::int as retry_limit_default,
          $51::int as retry_delay,
          $52::int as retry_delay_default,
          $53::bool as retry_backoff,
          $54::bool as retry_backoff_default
      ) j JOIN pgboss.queue q ON j.name = q.name
    ON CONFLICT DO NOTHING
    RETURNING id
  )
         SELECT (SELECT version FROM checked) AS version, (SELECT reference FROM checked) AS reference, (SELECT team_id FROM checked) AS team,
                ($16::text IS NULL OR EXISTS (SELECT 1 FROM claim)) AS claimed,
                (SELECT count(*) FROM history)::integer AS history,
                (SELECT count(*) FROM charged)::integer AS charged;
END
$kept_plan$;
