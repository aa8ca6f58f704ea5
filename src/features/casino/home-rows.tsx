import { useDeferredValue } from 'react';
import { useIntl } from 'react-intl';
import { GameRow, type GameRowView } from './game-row';

export interface HomeRowsView {
  loading: boolean;
  failed: boolean;
  rows: readonly GameRowView[];
}

/** The home page's rows of games: skeleton while they load, each row, or a line saying they could not be had. */
export function HomeRows({ view: current }: { view: HomeRowsView }) {
  const intl = useIntl();
  // A hundred tiles arrive at once: React renders them in the background, yielding to the browser every few
  // milliseconds (a transition), so the page stays responsive (total blocking time) and the skeleton
  // stays until they are ready.
  const view = useDeferredValue(current);
  if (view.loading) {
    return (
      <GameRow
        row={{ id: 'loading', title: intl.formatMessage({ id: 'home.rows_loading' }), moreHref: null, games: [] }}
        loading
      />
    );
  }
  return (
    <>
      {view.rows.map((row) => (
        <GameRow key={row.id} row={row} />
      ))}
      {view.failed ? <p className="home__empty">{intl.formatMessage({ id: 'home.rows_failed' })}</p> : null}
    </>
  );
}
