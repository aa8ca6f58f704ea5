import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { buttonLook } from '../../ui/button';
import './errors.css';

/** §8 error page by status: 401 and 404 have their own title and text; any other status the generic one. */
export function errorPageMessages(status: number): { titleId: string; textId: string } {
  if (status === 401) return { titleId: 'errors.401.title', textId: 'errors.401.text' };
  if (status === 404) return { titleId: 'errors.404.title', textId: 'errors.404.text' };
  return { titleId: 'errors.other.title', textId: 'errors.other.text' };
}

/** §2.4 generic error page: large status in the background, title, text and 'Back to home'. */
export function ErrorPage({ status, homeHref }: { status: number; homeHref: string }) {
  const intl = useIntl();
  const { titleId, textId } = errorPageMessages(status);
  return (
    <section className="error-page" data-testid="error-page" data-status={status}>
      <span className="error-page__status" aria-hidden="true">
        {status || ''}
      </span>
      <h1 className="error-page__title">{intl.formatMessage({ id: titleId })}</h1>
      <p className="error-page__text">{intl.formatMessage({ id: textId })}</p>
      <Link to={homeHref} {...buttonLook({ variant: 'primary' })}>
        {intl.formatMessage({ id: 'errors.back_home' })}
      </Link>
    </section>
  );
}

/** §2.4 404 page: 'Página não encontrada', the path asked for, and a link home. */
export function NotFoundPage({ path, homeHref }: { path: string; homeHref: string }) {
  const intl = useIntl();
  return (
    <section className="error-page" data-testid="not-found-page" data-status={404}>
      <span className="error-page__status" aria-hidden="true">
        404
      </span>
      <h1 className="error-page__title">{intl.formatMessage({ id: 'errors.not_found.title' })}</h1>
      <p className="error-page__text">
        {intl.formatMessage({ id: 'errors.not_found.text' })} <code className="error-page__path">{path}</code>
      </p>
      <Link to={homeHref} {...buttonLook({ variant: 'primary' })}>
        {intl.formatMessage({ id: 'errors.not_found.home' })}
      </Link>
    </section>
  );
}
