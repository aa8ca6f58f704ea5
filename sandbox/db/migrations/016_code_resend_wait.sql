-- The wait before another code of the same purpose may be sent (§9: 20 s), held by the platform and not only by the
-- app: each code records when the next one may go. The QA panel can end the wait at once
-- (/sandbox/players/:id/codes/release), so a test that fast-forwards the page's clock can ask again.
ALTER TABLE verification_codes ADD COLUMN resend_after timestamptz;
