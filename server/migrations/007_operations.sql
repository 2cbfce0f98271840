-- Operations (issue 13): the public-content change signal and the embedded job queue.

-- Every change to what the public reads show (services and their activities and FAQs, counters,
-- testimonies, site FAQs), whoever makes it (the API, a migration, psql), tells every instance's
-- public cache at commit; a rolled-back change tells nobody.
CREATE FUNCTION notify_public_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER services_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content();
CREATE TRIGGER service_activities_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_activities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content();
CREATE TRIGGER service_faqs_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_faqs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content();
CREATE TRIGGER counters_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON counters
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content();
CREATE TRIGGER testimonies_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON testimonies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content();
CREATE TRIGGER faqs_public_content AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content();

-- The embedded job queue (PGlite only; on a PostgreSQL server pg-boss keeps its own schema).
-- A job is written in the transaction of the change that causes it (the transactional outbox):
-- it exists exactly when the change committed, and is sent after, off the request.
CREATE TABLE local_jobs (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  data        jsonb NOT NULL DEFAULT '{}',
  state       text NOT NULL DEFAULT 'created' CHECK (state IN ('created', 'retry', 'active', 'completed', 'failed')),
  retry_count integer NOT NULL DEFAULT 0,
  retry_limit integer NOT NULL DEFAULT 0,
  retry_delay integer NOT NULL DEFAULT 0,
  start_after timestamptz NOT NULL DEFAULT now(),
  created_on  timestamptz NOT NULL DEFAULT now(),
  completed_on timestamptz,
  output      jsonb
);
CREATE INDEX local_jobs_due_idx ON local_jobs (start_after) WHERE state IN ('created', 'retry');

-- Periodic jobs of the embedded queue: when each one is due next.
CREATE TABLE local_schedules (
  name     text PRIMARY KEY,
  cron     text NOT NULL,
  next_run timestamptz NOT NULL
);

-- What the periodic purge deletes by age (issue 13: these tables grew forever).
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
CREATE INDEX password_reset_tokens_expires_at_idx ON password_reset_tokens (expires_at);
CREATE INDEX payment_sessions_open_created_at_idx ON payment_sessions (created_at) WHERE status = 'open';
