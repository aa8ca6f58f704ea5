import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { connectContentPage } from '../../../machines/site/content-page.connect';
import type { ActorRefFrom } from 'xstate';
import type { contentPageMachine } from '../../../machines/site/content-page.machine';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { sanitizeContentHtml } from '../../lib/sanitize-html';
import './content.css';

export interface ContentPageProps {
  /** The page's flow (a child of the root app machine, for this slug and language). */
  actor: ActorRefFrom<typeof contentPageMachine>;
  /** What to show when the platform has no such page. */
  notFound: ReactNode;
  /** What the app adds below the platform's text (the compliance page: the operator's identity). */
  after?: ReactNode;
}

/** A legal or content page from the platform, sanitised before it is rendered. */
export function ContentPage({ actor, notFound, after }: ContentPageProps) {
  const intl = useIntl();
  const slug = useSelector(actor, (s) => s.context.slug);
  const vm = useSelector(actor, connectContentPage);
  const safeHtml = useMemo(() => (vm.html === null ? '' : sanitizeContentHtml(vm.html)), [vm.html]);

  if (vm.status === 'missing') return <>{notFound}</>;
  if (vm.status === 'loading') {
    return (
      <article className="content-page" aria-busy="true" data-testid="content-loading">
        <Skeleton width="60%" height={36} />
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton width="80%" height={16} />
      </article>
    );
  }
  if (vm.status === 'failed') {
    return (
      <article className="content-page" role="alert">
        <p>{intl.formatMessage({ id: vm.errorId ?? 'error_messages.unexpected' })}</p>
        <Button variant="outline" onClick={() => actor.send({ type: 'content.retry' })}>
          {intl.formatMessage({ id: 'content.retry' })}
        </Button>
      </article>
    );
  }
  return (
    <article className="content-page" data-testid="content-page" data-slug={slug}>
      <h1 className="content-page__title">{vm.title}</h1>
      {vm.updatedAt ? (
        <p className="content-page__updated">
          {intl.formatMessage(
            { id: 'content.updated_at' },
            { date: intl.formatDate(vm.updatedAt, { dateStyle: 'long' }) },
          )}
        </p>
      ) : null}
      {/* Sanitised above with DOMPurify: the platform's HTML is untrusted. */}
      <div className="content-page__body" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      {after}
    </article>
  );
}
