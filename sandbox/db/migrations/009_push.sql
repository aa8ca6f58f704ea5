-- Web push (spec §3 Push subscription): the browsers' push subscriptions of each player, what the
-- QA panel sent to them, and what the sandbox's local push-service stand-in received (the real push services,
-- FCM, Mozilla autopush, Apple, are not reachable offline). The VAPID key pair lives in the data folder, not here.

CREATE TABLE push_subscriptions (
  id         bigserial PRIMARY KEY,
  brand_id   integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id    bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The push service's URL for one browser: one owner at a time (a new sign-in on that browser takes it over).
  endpoint   text    NOT NULL UNIQUE,
  p256dh     text    NOT NULL,                 -- the browser's P-256 public key, base64url (65 bytes)
  auth       text    NOT NULL,                 -- the browser's auth secret, base64url (16 bytes)
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, brand_id);

-- One row per subscription a QA push was sent to: the push service's status, or the failure.
CREATE TABLE push_sends (
  id          bigserial PRIMARY KEY,
  user_id     bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint    text    NOT NULL,
  title       text    NOT NULL,
  body        text    NOT NULL,
  url         text    NOT NULL,
  status      integer,                         -- the push service's HTTP status (201 delivered; 404/410 gone)
  error       text,                            -- a network failure's kind, never the payload
  sent_at     timestamptz NOT NULL
);
CREATE INDEX push_sends_user ON push_sends (user_id, id DESC);

-- What the local push-service stand-in (POST /push-stand-in/{channel}) received, as the push service would:
-- the headers web-push sent (Authorization: vapid t=…, k=…; Content-Encoding: aes128gcm; TTL; Urgency) and the
-- encrypted body, byte for byte.
CREATE TABLE push_stand_in_messages (
  id          bigserial PRIMARY KEY,
  channel     text  NOT NULL,
  headers     jsonb NOT NULL,
  body        bytea NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX push_stand_in_messages_channel ON push_stand_in_messages (channel, id);
