-- Late row lookup (docs/decisions/020-late-row-lookup.md): a list's page ids are read from an index
-- alone. Every list shows placed orders only (checked_out_at IS NOT NULL), so its indexes are
-- partial on that condition: PostgreSQL can then skip the rows before a deep page in the index
-- (index-only scan) instead of visiting each row to test the condition. Drafts keep their own
-- index (003); the (user_id, …) and (service_id, …) indexes of 006 stay for the foreign keys.
DROP INDEX IF EXISTS orders_created_idx;
DROP INDEX IF EXISTS orders_status_created_idx;
DROP INDEX IF EXISTS orders_status_id_idx;
DROP INDEX IF EXISTS orders_total_idx;
DROP INDEX IF EXISTS orders_due_asc_idx;
DROP INDEX IF EXISTS orders_due_desc_idx;
DROP INDEX IF EXISTS orders_completed_asc_idx;
DROP INDEX IF EXISTS orders_completed_desc_idx;
CREATE INDEX orders_placed_created_idx ON orders (created_at, id) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_user_created_idx ON orders (user_id, created_at, id) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_user_id_idx ON orders (user_id, id) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_status_created_idx ON orders (status, created_at, id) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_status_id_idx ON orders (status, id) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_service_idx ON orders (service_id, id) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_total_idx ON orders (total, id) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_due_asc_idx ON orders (due_at ASC NULLS LAST, id ASC) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_due_desc_idx ON orders (due_at DESC NULLS LAST, id DESC) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_completed_asc_idx ON orders (completed_at ASC NULLS LAST, id ASC) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_placed_completed_desc_idx ON orders (completed_at DESC NULLS LAST, id DESC) WHERE checked_out_at IS NOT NULL;
-- The id sort: the primary key does not know which rows are placed.
CREATE INDEX orders_placed_id_idx ON orders (id) WHERE checked_out_at IS NOT NULL;
