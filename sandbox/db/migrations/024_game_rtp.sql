-- Every casino game carries its return to player (Portaria SPA/MF 1.231/2024 art. 4 II: the RTP of each game is
-- shown; Portaria SPA/MF 1.207/2024: at least 85% on a licensed operator's site). Integer basis points
-- (9259 = 92.59%): the RTP the provider's engine really returns for the game (sandbox/provider/fair.ts computes it),
-- never a number typed in for show. The sportsbook's row (not in the lobby) has none: its prices are odds.

ALTER TABLE games ADD COLUMN rtp_bp integer CHECK (rtp_bp BETWEEN 1 AND 10000);

-- The sandbox provider's engines: crash, table, live and roulette games play the crash game (99%), the rest the
-- 5×3 slot with the standard paytable (92.59%); Safari Selvagem has the reduced paytable (75.41%).
UPDATE games SET rtp_bp = CASE
  WHEN gamecode = 'safari-selvagem' THEN 7541
  WHEN category_slug IN ('crash', 'table', 'live', 'roulette') THEN 9900
  ELSE 9259 END
 WHERE in_lobby;

ALTER TABLE games ADD CONSTRAINT games_lobby_rtp CHECK (rtp_bp IS NOT NULL OR NOT in_lobby);
