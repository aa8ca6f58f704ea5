import { useIntl } from 'react-intl';
import type { CratesView } from '../../../machines/boxes/boxes.connect';
import type { BoxColor } from '../../../machines/boxes/boxes.types';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { UiMessages } from '../../ui/ui-message';
import { BoxCard } from './box-card';
import './boxes.css';

/** /casino/crates: the brand's boxes grouped by colour, with a colour filter. */
export function CratesPage({
  view,
  boxHref,
  onFilter,
  onRetry,
}: {
  view: CratesView;
  boxHref: (name: string) => string;
  onFilter: (color: BoxColor | null) => void;
  onRetry: () => void;
}) {
  const intl = useIntl();
  return (
    <article className="page boxes-page" data-testid="crates-page">
      <header className="boxes-hero">
        <h1 className="page__title">{intl.formatMessage({ id: 'shell.page.casino-crates.title' })}</h1>
        <p className="page__lead">{intl.formatMessage({ id: 'boxes.crates.lead' })}</p>
      </header>
      {view.status === 'failed' ? (
        <div className="boxes-failure">
          <UiMessages messages={view.failure?.messages ?? []} />
          <Button onClick={onRetry}>{intl.formatMessage({ id: 'boxes.retry' })}</Button>
        </div>
      ) : null}
      {view.colors.length > 1 ? (
        <div className="boxes-filter" role="group" aria-label={intl.formatMessage({ id: 'boxes.crates.filter' })}>
          <button
            type="button"
            className="boxes-chip"
            aria-pressed={view.color === null}
            onClick={() => onFilter(null)}
          >
            {intl.formatMessage({ id: 'boxes.crates.all' })}
          </button>
          {view.colors.map((color) => (
            <button
              key={color}
              type="button"
              className="boxes-chip"
              data-color={color}
              aria-pressed={view.color === color}
              onClick={() => onFilter(color)}
            >
              {intl.formatMessage({ id: `boxes.color.${color}` })}
            </button>
          ))}
        </div>
      ) : null}
      {view.status === 'loading' ? (
        <div className="boxes-grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={280} />
          ))}
        </div>
      ) : null}
      {view.status === 'ready' && view.groups.length === 0 ? (
        <p className="boxes-empty">{intl.formatMessage({ id: 'boxes.crates.empty' })}</p>
      ) : null}
      <div className="boxes-groups">
        {view.groups.map((group) => (
          <section
            key={group.color}
            className="boxes-group"
            data-color={group.color}
            aria-labelledby={`boxes-${group.color}`}
          >
            <h2 id={`boxes-${group.color}`} className="boxes-group__title">
              {intl.formatMessage({ id: `boxes.color.${group.color}` })}
            </h2>
            <div className="boxes-grid">
              {group.boxes.map((box) => (
                <BoxCard key={box.id} box={box} href={boxHref(box.name)} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
