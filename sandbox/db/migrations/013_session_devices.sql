-- Active sessions (/user/edit/access-data): each session gets a public id (the token hash never leaves the
-- sandbox) and the user agent it signed in with, so the player can see their signed-in devices and end them.
-- Sessions from before this migration get an id and no user agent.
ALTER TABLE sessions ADD COLUMN id bigserial;
ALTER TABLE sessions ADD CONSTRAINT sessions_id_unique UNIQUE (id);
ALTER TABLE sessions ADD COLUMN user_agent text;
