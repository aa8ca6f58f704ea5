-- Document verification: what each player sent per document type and what the review
-- decided. The file itself lives in the sandbox's documents folder (never a public path), named by
-- `storage_name`; a seeded document (a demo player verified before the sandbox existed) has no file.
CREATE TABLE player_documents (
  id           bigserial   PRIMARY KEY,
  brand_id     integer     NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type         text        NOT NULL CHECK (type IN ('id_front', 'id_back', 'selfie', 'proof_of_address')),
  status       text        NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  reason       text        CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 300),
  content_type text        CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size         integer     CHECK (size > 0),
  storage_name text        UNIQUE,
  created_at   timestamptz NOT NULL,
  reviewed_at  timestamptz,
  CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
-- One document per type waits for review or stands approved at a time (two tabs uploading at once: one wins).
CREATE UNIQUE INDEX player_documents_open ON player_documents (user_id, type) WHERE status IN ('pending', 'approved');
CREATE INDEX player_documents_user ON player_documents (user_id, type, id);
CREATE INDEX player_documents_pending ON player_documents (created_at) WHERE status = 'pending';
