-- Text messages (issue 38 part 2, decision 094).
--
-- Each person's consent to texts: the UK mobile in E.164, whether texts may go to it now, and when
-- and how that last changed (the profile, a STOP or START reply). Every change is also kept in
-- text_consent_events, so the consent given and any withdrawal can be shown later.
CREATE TABLE text_consents (
  user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  phone      text NOT NULL CHECK (phone ~ '^\+447[0-9]{9}$'),
  opted_in   boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  source     text NOT NULL CHECK (source IN ('profile', 'stop reply', 'start reply'))
);
CREATE INDEX text_consents_phone ON text_consents (phone);

CREATE TABLE text_consent_events (
  id       bigserial PRIMARY KEY,
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  phone    text NOT NULL,
  opted_in boolean NOT NULL,
  source   text NOT NULL,
  at       timestamptz NOT NULL
);
CREATE INDEX text_consent_events_user ON text_consent_events (user_id, at);

-- One text of each kind per order, job time and recipient (the order's customer; for 'first_job', each
-- opted-in cleaner of the order's team), claimed in the transaction that queues it: two instances, or
-- a run repeated, queue it once; a moved job gets a new reminder. sent_at is set when the provider
-- took it (then it is in the order's history, once).
CREATE TABLE order_texts (
  order_id  integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind      text NOT NULL CHECK (kind IN ('reminder', 'on_my_way', 'first_job')),
  due_at    timestamptz NOT NULL,
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  phone     text NOT NULL,
  queued_at timestamptz NOT NULL,
  sent_at   timestamptz,
  PRIMARY KEY (order_id, kind, due_at, user_id)
);
CREATE INDEX order_texts_phone_queued ON order_texts (phone, queued_at);

-- A text sent is in the order's history as 'order.text'. The list keeps every earlier action
-- (068_job_length_in_history.sql); another migration that rewrites this check must list it too.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule',
                    'order.team', 'order.moved', 'order.skip', 'order.skip_undone', 'order.balance_paid', 'order.adjustment',
                    'order.office_booking', 'order.job_edit', 'order.late_payment', 'job.on_my_way', 'job.check_in', 'job.check_out',
                    'order.length', 'order.direct_debit', 'order.text'));
