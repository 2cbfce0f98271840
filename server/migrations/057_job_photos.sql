-- The check-out photo (issue 26 item 2; docs/decisions/061-check-out-photo.md): at most one per job,
-- its bytes in the database so every instance (and PGlite) serves it without shared disk. Its type
-- is the one read from its first bytes, never the name or the type the phone declared. Erased with
-- the customer's other personal data (personal-data.ts); gone with the order (cascade).
CREATE TABLE job_photos (
  order_id     integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes        bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 5242880),
  taken_at     timestamptz NOT NULL,
  taken_by     integer REFERENCES users (id) ON DELETE SET NULL
);
