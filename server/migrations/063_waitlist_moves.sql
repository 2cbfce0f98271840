-- A waiting list entry that moves a booked visit (decision 067): a customer rescheduling a placed
-- order joins a full day's list from the reschedule dialog. Its offer holds the time as a draft's
-- does (availability-repository.ts reads the hold while the entry is live, though the order is
-- checked out), and is used by the reschedule, not by a checkout.
ALTER TABLE waitlist_entries ADD COLUMN moves_order boolean NOT NULL DEFAULT false;
