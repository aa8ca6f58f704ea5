-- Changing the e-mail or the phone (/user/edit/access-data): the code goes to the NEW address, so the
-- code row keeps the address it was sent to (`pending_value`, null for the other purposes) until it is confirmed.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('password_reset', 'email', 'phone', 'email_change', 'phone_change'));
ALTER TABLE verification_codes ADD COLUMN pending_value text;
