-- orders_due_at_idx (008) is orders_placed_due_asc_idx's first column over the same rows (placed
-- orders): every query it served, the longer one serves, and every checkout wrote both. Found by the
-- release-leftovers test of indexes another already serves.
DROP INDEX IF EXISTS orders_due_at_idx;
