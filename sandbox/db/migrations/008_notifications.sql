-- Notification centre (spec §3 Notification, §4 Notifications).
-- 001_core.sql holds `notifications` (one row per notification; user_id null = a global 'platform' one for the whole
-- brand) and `notification_reads` (per-player read state, which is how a global notification is read by one player
-- and not by another). This migration adds what the centre and the QA panel need of them.

-- Titles and bodies are plain text with bounded lengths (the contract's maxLength); never empty.
ALTER TABLE notifications
  ADD CONSTRAINT notifications_title_length CHECK (char_length(title) BETWEEN 1 AND 120),
  ADD CONSTRAINT notifications_message_length CHECK (char_length(message) BETWEEN 1 AND 1000);

-- Who sent it: 'system' (seed data, platform events) or 'qa' (the QA panel), for the panel's list.
ALTER TABLE notifications ADD COLUMN sent_by text NOT NULL DEFAULT 'system' CHECK (sent_by IN ('system', 'qa'));

-- The global list of a brand, newest first (the per-player index of 001 covers user lists).
CREATE INDEX notifications_brand_global ON notifications (brand_id, created_at DESC, id DESC) WHERE user_id IS NULL;

-- A player's read rows (unread counts and mark-all-read look them up by player).
CREATE INDEX notification_reads_user ON notification_reads (user_id, notification_id);
