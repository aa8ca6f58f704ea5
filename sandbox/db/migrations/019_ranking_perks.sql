-- Ranking: what each level gives. Perks are keys the app words in the player's language (openapi
-- RankingPerk); none is a bonus or credit for betting (Lei 14.790 art. 29), so both brands show them. A level's
-- list is cumulative (it names everything the level gives, the lower levels' perks included).

ALTER TABLE ranking_levels ADD COLUMN perks text[] NOT NULL DEFAULT '{}';

UPDATE ranking_levels SET perks = CASE
  WHEN level >= 6 THEN ARRAY['missions', 'chat_badge', 'priority_support', 'faster_withdrawals', 'vip_manager', 'exclusive_events', 'elite_club']
  WHEN level = 5 THEN ARRAY['missions', 'chat_badge', 'priority_support', 'faster_withdrawals', 'vip_manager', 'exclusive_events']
  WHEN level = 4 THEN ARRAY['missions', 'chat_badge', 'priority_support', 'faster_withdrawals', 'vip_manager']
  WHEN level = 3 THEN ARRAY['missions', 'chat_badge', 'priority_support', 'faster_withdrawals']
  WHEN level = 2 THEN ARRAY['missions', 'chat_badge', 'priority_support']
  ELSE ARRAY['missions', 'chat_badge']
END;
