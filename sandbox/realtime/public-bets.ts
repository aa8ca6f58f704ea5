/** What the brand's public bets feed carries (§3 Bet event, §9 masked names). */

/** §9: names are masked, showing the first 3 characters (4 for longer names: 8 characters or more). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  const shown = chars.length >= 8 ? 4 : 3;
  return `${chars.slice(0, shown).join('')}***`;
}

/** The two `BetPlaced` payloads of one settled bet (§3 Bet event): amounts in integer centavos. */
export function betPair(p: { transaction: string; game: string; user: string; bet: number; win: number; date: Date }) {
  const date = p.date.toISOString();
  const common = { transaction: p.transaction, game: p.game, user: p.user, date };
  return [
    { type: 'bet' as const, ...common, amount: p.bet },
    { type: 'win' as const, ...common, amount: p.win },
  ];
}
