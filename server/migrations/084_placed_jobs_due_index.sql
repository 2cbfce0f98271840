-- The jobs a day read looks at (checkout_day_lines, the free times, the board): placed and not
-- cancelled, by start. 008's orders_due_at_idx holds cancelled orders too, so a checkout on a day
-- with many cancellations visited every one of them: 3,736 index entries and 552 heap pages for 201
-- jobs in the way, 6 ms of a checkout's 8 ms read on a busy near day (docs/benchmarks.md, "The next
-- three days"). This index leaves them out: 602 entries and 112 pages there, 1.3 ms.
CREATE INDEX IF NOT EXISTS orders_jobs_due_idx ON orders (due_at)
  WHERE checked_out_at IS NOT NULL AND status <> 'cancelled';
