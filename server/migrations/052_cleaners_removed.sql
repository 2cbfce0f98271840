-- Staff remove a cleaner (issue 26 item 2; decision 058). The row stays, so the visits they recorded
-- (job_visits.*_by) and the orders' history keep their name; removed_at hides them from the
-- cleaners' list and marks the account as ended (no sign-in, no reset link: see the service).
ALTER TABLE users ADD COLUMN removed_at timestamptz;
