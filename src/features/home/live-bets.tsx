import { useRef, type KeyboardEvent } from 'react';
import type { LiveBetsViewModel } from '../../../machines/bets-feed/bets-feed.connect';
import type { BetsFeedTab } from '../../../machines/bets-feed/bets-feed.types';
import { useT } from '../../i18n/use-t';

export interface LiveBetsProps {
  vm: LiveBetsViewModel;
  /** The player picks a tab (sent to the bets feed). */
  onShowTab?: (tab: BetsFeedTab) => void;
  /** A guest on "my bets" asks to sign in (the login modal opens). */
  onSignIn?: () => void;
  /** Distinct ids when the list appears twice on a page (home, lobby). */
  idPrefix?: string;
}

/**
 * "Apostas ao vivo" below its title (the section is `LiveBetsLazy`): the last settled bets (§4 Bets feed), newest
 * first, in three tabs: all bets, the high rollers, and the player's own. A table like the big casinos' live bets
 * (game, player, time, bet, multiplier, payout; a win highlighted); on a phone the player and time go under the game
 * and the multiplier under the bet; an empty tab says so. Not a live region: a busy feed would talk over
 * everything. Renders the view-model only.
 */
export function LiveBetsBody({ vm, onShowTab, onSignIn, idPrefix = 'live-bets' }: LiveBetsProps) {
  const t = useT();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const panelId = `${idPrefix}-panel`;
  const tabId = (tab: BetsFeedTab) => `${idPrefix}-tab-${tab}`;

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, selection follows focus).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = vm.tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = vm.tabs[next];
    if (!tab) return;
    onShowTab?.(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={t('home.live_bets.tabs_label')} className="live-bets__tabs">
        {vm.tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            id={tabId(tab.id)}
            role="tab"
            type="button"
            aria-selected={tab.selected}
            aria-controls={panelId}
            tabIndex={tab.selected ? 0 : -1}
            data-testid={`live-bets-tab-${tab.id}`}
            onClick={() => onShowTab?.(tab.id)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {t(tab.labelId)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(vm.tab)} className="live-bets__panel">
        {vm.isEmpty ? (
          <div className="live-bets__empty" data-testid="live-bets-empty">
            <p>{t(vm.empty.id, vm.empty.values)}</p>
            {vm.signInForMine ? (
              <button type="button" className="live-bets__sign-in" onClick={onSignIn} data-testid="live-bets-sign-in">
                {t('home.live_bets.sign_in')}
              </button>
            ) : null}
          </div>
        ) : (
          <table className="live-bets__table">
            <thead>
              <tr>
                <th scope="col">{t('home.live_bets.game')}</th>
                <th scope="col" className="live-bets__wide">
                  {t('home.live_bets.player')}
                </th>
                <th scope="col" className="live-bets__wide">
                  {t('home.live_bets.time')}
                </th>
                <th scope="col" className="live-bets__num">
                  {t('home.live_bets.bet')}
                </th>
                <th scope="col" className="live-bets__num live-bets__wide">
                  {t('home.live_bets.multiplier_column')}
                </th>
                <th scope="col" className="live-bets__num">
                  {t('home.live_bets.win')}
                </th>
              </tr>
            </thead>
            <tbody>
              {vm.bets.map((bet) => (
                <tr
                  key={bet.transaction}
                  data-testid="live-bet"
                  data-transaction={bet.transaction}
                  data-won={bet.won}
                  data-profit={bet.profit}
                  data-fictitious={bet.fictitious}
                >
                  <td>
                    <span className="live-bets__game">{bet.game}</span>
                    <span className="live-bets__sub live-bets__narrow">
                      <span className="live-bets__user">{bet.user}</span>
                      {bet.time ? (
                        <>
                          {' · '}
                          <time dateTime={bet.dateTime}>{bet.time}</time>
                        </>
                      ) : null}
                    </span>
                  </td>
                  <td className="live-bets__user live-bets__wide">{bet.user}</td>
                  <td className="live-bets__wide live-bets__muted">
                    {bet.time ? <time dateTime={bet.dateTime}>{bet.time}</time> : null}
                  </td>
                  <td className="live-bets__num">
                    <span className="live-bets__amount">{bet.betAmount}</span>
                    <span className="live-bets__sub live-bets__narrow">
                      <span className="visually-hidden">{t('home.live_bets.multiplier')} </span>
                      {bet.multiplier}
                    </span>
                  </td>
                  <td className="live-bets__num live-bets__wide">
                    <span className="live-bets__multiplier">{bet.multiplier}</span>
                  </td>
                  <td className="live-bets__num">
                    <span className="live-bets__win">{bet.winAmount}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
