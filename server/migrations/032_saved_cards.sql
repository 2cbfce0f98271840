-- Saved cards for series (issue 23 item 4, rows 8 and 10; docs/decisions/038-saved-cards-for-series.md).
-- The customer's consent, given at checkout ("Save my card to pay each visit automatically"), and,
-- once the first payment with it succeeded, the provider's references of the saved card: a Stripe
-- customer and payment method. Never a card number. Removing the card clears both references.
ALTER TABLE booking_series ADD COLUMN card_consent_at timestamptz;
ALTER TABLE booking_series ADD COLUMN card_customer text CHECK (card_customer IS NULL OR card_customer ~ '^cus_[A-Za-z0-9_]+$');
ALTER TABLE booking_series ADD COLUMN card_payment_method text CHECK (card_payment_method IS NULL OR card_payment_method ~ '^pm_[A-Za-z0-9_]+$');
ALTER TABLE booking_series ADD COLUMN card_saved_at timestamptz;
ALTER TABLE booking_series ADD CONSTRAINT booking_series_card_whole
  CHECK ((card_customer IS NULL) = (card_payment_method IS NULL) AND (card_payment_method IS NULL OR card_consent_at IS NOT NULL));
-- The charge job reads the card visits still unpaid that come within reach.
CREATE INDEX orders_series_unpaid_card_idx ON orders (due_at)
  WHERE series_id IS NOT NULL AND payment_method = 'card' AND status = 'awaiting_validation' AND paid_amount IS NULL;
