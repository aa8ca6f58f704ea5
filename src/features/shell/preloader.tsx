import { useIntl } from 'react-intl';
import type { PreloaderViewModel } from '../../../machines/site/site.connect';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import './preloader.css';

/** The full-screen preloader of §2.4/§8: loading, platform not found, maintenance; fades out once ready. */
export function Preloader({ vm, onRetry }: { vm: PreloaderViewModel; onRetry: () => void }) {
  const intl = useIntl();
  if (!vm.visible) return null;
  const title = intl.formatMessage({ id: vm.titleId });
  return (
    <div
      className="preloader"
      data-testid="preloader"
      data-state={vm.dataState}
      role={vm.kind === 'loading' || vm.fading ? 'status' : 'alert'}
      aria-busy={vm.spinner}
    >
      <div className="preloader__box">
        {vm.spinner ? <Spinner size={44} /> : <PreloaderMark kind={vm.kind} />}
        <p className="preloader__title">{title}</p>
        {vm.hintId ? <p className="preloader__hint">{intl.formatMessage({ id: vm.hintId })}</p> : null}
        {vm.link ? (
          <a className="preloader__link" href={vm.link.href} rel="noopener">
            {intl.formatMessage({ id: vm.link.labelId })}
          </a>
        ) : null}
        {vm.retryLabelId ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {intl.formatMessage({ id: vm.retryLabelId })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function PreloaderMark({ kind }: { kind: PreloaderViewModel['kind'] }) {
  const d =
    kind === 'maintenance'
      ? 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.8-.7-.7-2.8z'
      : 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M12 8v5 M12 16h.01';
  return (
    <svg
      className="preloader__mark"
      width="48"
      height="48"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
