-- The global chat `chatglobal` (spec §3 Chat message, §7 Chat, §9 Chat): one room per brand.
-- Texts are stored as the player typed them (trimmed) and always served as text: the app never renders them as
-- HTML. The policy the API enforces (length, links, words, rate, attachments) is in openapi/openapi.yaml
-- (`x-chat-policy`) and sandbox/api/chat.ts.

-- One message. `user_id` null: posted by the house (the QA panel) under `house_name`.
CREATE TABLE chat_messages (
  id            bigserial PRIMARY KEY,
  brand_id      integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id       bigint  REFERENCES users (id) ON DELETE CASCADE,
  house_name    text,                                   -- the author shown for a house message
  text          text    NOT NULL DEFAULT '',
  attachments   jsonb   NOT NULL DEFAULT '[]',          -- [{attachment_type, attachment_url}]
  pinned_until  timestamptz,                            -- shown on top until then (§3 Chat message)
  deleted_at    timestamptz,                            -- removed by QA: never served again
  created_at    timestamptz NOT NULL,
  CHECK (user_id IS NOT NULL OR house_name IS NOT NULL)
);
CREATE INDEX chat_messages_brand_recent ON chat_messages (brand_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX chat_messages_brand_pinned ON chat_messages (brand_id, pinned_until) WHERE pinned_until IS NOT NULL;
-- The per-player rate limit counts a player's recent messages.
CREATE INDEX chat_messages_user_recent ON chat_messages (user_id, created_at DESC) WHERE user_id IS NOT NULL;

-- Images a player uploaded for the chat (POST /chat/attachments), served from the sandbox's own upload path
-- (GET /api/uploads/chat/{name}); a message may attach only these.
CREATE TABLE chat_uploads (
  name          text    PRIMARY KEY,                    -- random hex + extension
  brand_id      integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id       bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type  text    NOT NULL,
  size          integer NOT NULL CHECK (size > 0),
  bytes         bytea   NOT NULL,
  created_at    timestamptz NOT NULL
);
