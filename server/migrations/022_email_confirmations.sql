-- Addresses are proven (issue 24, docs/decisions/029): a registration or an email change is a
-- claim on an address until its mailed link is followed. A pending registration is not an account
-- (no users row, so it cannot sign in, count as a customer or see anything tied to the address); a
-- pending email change leaves the account on its old address. The first claim confirmed takes the
-- address (users_email_lower_key decides a race) and the other open claims on it end.
-- Every account that exists when this runs (demo accounts too) already holds its address and is
-- treated as confirmed: nothing changes for it.
CREATE TABLE email_confirmations (
  -- SHA-256 of the mailed 256-bit token, as password_reset_tokens.
  token_hash text PRIMARY KEY,
  -- Null for a registration (the account is created on confirmation); else the account changing address.
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- A registration's name and password hash, kept only until it is confirmed or expires.
  name text,
  password_hash text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) = (password_hash IS NOT NULL))
);
CREATE INDEX email_confirmations_email_idx ON email_confirmations (lower(email)) WHERE used_at IS NULL;
CREATE INDEX email_confirmations_user_id_idx ON email_confirmations (user_id);
CREATE INDEX email_confirmations_expires_at_idx ON email_confirmations (expires_at);
