-- A draft by its id, whatever the statistics say (issue 37 row 1, decision 139). The checkout's write
-- (`WHERE id = $1 AND checked_out_at IS NULL`, a kept plan: generic, decision 116) and the other
-- writes of a draft match the drafts' index by date (003, orders_drafts_created_at_idx) as well as the
-- primary key. Analysed while there were few drafts, that index looked the cheaper, and the write
-- then read every open draft to find its own: 1,113 buffers a checkout (median) in the bench, where
-- the statistics are taken before its drafts are written. A site's statistics lag its drafts too:
-- `orders` is analysed again only after a tenth of it has changed. This index holds the same rows
-- with the id first, so whichever the planner takes, one entry is read.
CREATE INDEX IF NOT EXISTS orders_drafts_id_idx ON orders (id) WHERE checked_out_at IS NULL;
