import { useIntl } from 'react-intl';
import './page.css';

/**
 * The page of a route whose feature comes with a later issue: its layout, its title and a short description,
 * all from the catalog.
 */
export function PlaceholderPage({ titleId, descriptionId }: { titleId: string; descriptionId: string | undefined }) {
  const intl = useIntl();
  return (
    <article className="page" data-testid="page">
      <h1 className="page__title">{intl.formatMessage({ id: titleId })}</h1>
      {descriptionId ? <p className="page__lead">{intl.formatMessage({ id: descriptionId })}</p> : null}
    </article>
  );
}
