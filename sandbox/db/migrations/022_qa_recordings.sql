-- QA recordings attached to a player on the compliance view: only the states of the compliance
-- machines (session, pix, withdrawal, responsible gaming, verification…) with their times, for the timeline's
-- "app machine state" column. The recording file itself is not kept (sandbox/panel/compliance-recordings.ts).

CREATE TABLE qa_recordings (
  id            bigserial   PRIMARY KEY,
  user_id       bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          text        NOT NULL CHECK (char_length(name) <= 120),
  build         text        NOT NULL CHECK (char_length(build) <= 128),
  brand_domain  text        NOT NULL CHECK (char_length(brand_domain) <= 253),
  started_at    timestamptz NOT NULL,
  uploaded_at   timestamptz NOT NULL,
  state_count   integer     NOT NULL CHECK (state_count >= 0),
  -- [{ "at": ISO time, "machine": registry name, "state": "awaitingPayment.waiting" }, …]
  states        jsonb       NOT NULL CHECK (jsonb_typeof(states) = 'array')
);

CREATE INDEX qa_recordings_user ON qa_recordings (user_id, started_at);
