-- Web push: a subscription lasts as long as the session that stored it. Signing out, a revoked session
-- (a password reset, the QA panel) or an expired one removes the subscriptions it stored, so a shared browser stops
-- receiving the previous player's pushes the moment they sign out. Rows from before this column have no session
-- and last until their browser subscribes again or the push service calls them gone.
ALTER TABLE push_subscriptions ADD COLUMN session_hash text;
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);
