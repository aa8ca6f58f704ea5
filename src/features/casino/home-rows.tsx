import { useIntl } from 'react-intl';
import { GameRow, type GameRowView } from './game-row';

export interface HomeRowsView {
  loading: boolean;
  failed: boolean;
  rows: readonly GameRowView[];
}

/** The home page's rows of games: skeleton while they load, each row, or a line saying they could not be had. */
export function HomeRows({ view }: { view: HomeRowsView }) {
  const intl = useIntl();
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
