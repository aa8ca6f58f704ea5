import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { LiveBetsViewModel } from '../../../machines/bets-feed/bets-feed.connect';
import { watchInView } from '../../lib/realtime/live-demand';

export interface LiveBetsProps {
  vm: LiveBetsViewModel;
}

/**
 * "Apostas ao vivo": the last settled bets of the brand's public channel (§4 Bets feed), newest first.
 * A plain table (not a live region: a busy feed would talk over everything); renders the view-model only.
 */
export function LiveBets({ vm }: LiveBetsProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const ref = useRef<HTMLElement>(null);
  // In view: the live connection starts (pusher-js is fetched then, not with the page).
  useEffect(() => watchInView(ref.current), []);
  return (
    <section
      ref={ref}
      className="live-bets"
      aria-labelledby="home-live-bets"
      data-testid="live-bets"
      data-listening={vm.listening}
    >
      <h2 id="home-live-bets" className="home__section-title">
        <span className="live-bets__dot" aria-hidden="true" />
        {t('home.live_bets.title')}
      </h2>
      {vm.isEmpty ? (
        <p className="home__empty live-bets__empty">{t('home.live_bets.empty')}</p>
      ) : (
        <table className="live-bets__table">
          <thead>
            <tr>
              <th scope="col">{t('home.live_bets.game')}</th>
              <th scope="col">{t('home.live_bets.player')}</th>
              <th scope="col" className="live-bets__num">
                {t('home.live_bets.bet')}
              </th>
              <th scope="col" className="live-bets__num">
                {t('home.live_bets.win')}
              </th>
            </tr>
          </thead>
          <tbody>
            {vm.bets.map((bet) => (
              <tr key={bet.transaction} data-testid="live-bet" data-transaction={bet.transaction} data-won={bet.won}>
                <td>
                  <span className="live-bets__game">{bet.game}</span>
                  {bet.time ? (
                    <time className="live-bets__time" dateTime={bet.dateTime}>
                      {bet.time}
                    </time>
                  ) : null}
                </td>
                <td className="live-bets__user">{bet.user}</td>
                <td className="live-bets__num">{bet.betAmount}</td>
                <td className="live-bets__num">
                  <span className="live-bets__win">{bet.winAmount}</span>
                  <span className="live-bets__multiplier">
                    <span className="visually-hidden">{t('home.live_bets.multiplier')} </span>
                    {bet.multiplier}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
