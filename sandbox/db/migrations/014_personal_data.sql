-- The player's personal data (/user/edit/personal-data; Portaria SPA/MF 2.579/2025 asks the address at
-- sign-up): the Brazilian address as one value ({postal_code, street, number, complement, district, city, state};
-- null until given), and when the player's identity was verified (KYC approved): from then on name, birth date and
-- address can no longer change (POST /auth/update answers 409).
ALTER TABLE users ADD COLUMN address jsonb;
ALTER TABLE users ADD COLUMN identity_verified_at timestamptz;
